/**
 * The report's export controls: download the report as CSV (enabled once every block has
 * loaded, so the file holds what the page shows) and print (the print stylesheet lays the
 * page out for paper; the browser's "Save as PDF" makes the PDF).
 */
export function ReportActions(props: {
  /** Builds the CSV and starts the download; undefined while data is still loading. */
  onDownload: (() => void) | undefined;
  /** Leave out the CSV button (a page with no table export). */
  printOnly?: boolean;
  testId: string;
}) {
  return (
    <div className="rp-actions" role="group" aria-label="Export">
      {!props.printOnly && (
        <button
          type="button"
          className="an-button"
          onClick={props.onDownload}
          disabled={!props.onDownload}
          data-testid={`${props.testId}-csv`}
        >
          Download CSV
        </button>
      )}
      <button
        type="button"
        className="an-button"
        onClick={() => window.print()}
        data-testid={`${props.testId}-print`}
      >
        Print or save as PDF
      </button>
    </div>
  );
}
