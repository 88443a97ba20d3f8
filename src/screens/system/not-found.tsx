import { AppLink, useCurrentAddress } from '../../runtime/index.ts';

/** The address as the user typed it: "%3Cb%3E" reads "<b>" (shown as text, never as markup). */
function readable(address: string): string {
  try {
    return decodeURIComponent(address);
  } catch {
    return address;
  }
}

/** The error page for any address that matches no route. */
export default function NotFound() {
  const { pathname, search } = useCurrentAddress();
  return (
    <section className="card" aria-labelledby="not-found-title">
      <h2 id="not-found-title">We could not find that page</h2>
      <p className="muted">There is no page at this address:</p>
      {/* React escapes the text: the address is shown exactly as typed, never interpreted. */}
      <p className="quote" data-testid="not-found-path">
        {readable(pathname + search)}
      </p>
      <p className="muted">Check the address for typing mistakes, or go somewhere known:</p>
      <div className="button-row">
        <AppLink route="dashboard" className="button button-primary">
          Go to the dashboard
        </AppLink>
        <AppLink route="login" className="button">
          Sign in
        </AppLink>
      </div>
    </section>
  );
}
