/** How calls get into Callscope: the three ways, for a page with nothing picked yet. */
export function WaysToLoad({ here }: { here: boolean }) {
  return (
    <div data-testid="ways-to-load">
      <p>
        Your calls come into Callscope in one of three ways; each is read, masked and analysed by
        the same code:
      </p>
      <ul className="st-list upload-ways">
        <li>
          <strong>From your systems</strong>: <code>POST /v1/calls</code> (one call) or{' '}
          <code>POST /v1/calls/batch</code> (up to 5,000 a request, as JSON or NDJSON) with a token
          that has the <code>calls.write</code> scope and a supervisor or administrator role.
        </li>
        <li>
          <strong>From a folder on the server</strong>: <code>npm run ingest -- DIR</code> takes
          transcripts and a <code>metadata.csv</code>; the README&apos;s “Load your calls” has an
          example with the sample calls the product ships.
        </li>
        <li>
          <strong>On this page</strong>
          {here
            ? ': drop transcripts below, with a metadata file or the fields on the page.'
            : ', for a supervisor or an administrator.'}
        </li>
      </ul>
    </div>
  );
}
