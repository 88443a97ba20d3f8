/** Waits for `work` to settle, but no longer than `ms`: a stop must end even when work hangs. */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    timeout,
  ]);
  clearTimeout(timer);
}
