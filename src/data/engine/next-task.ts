/**
 * Resolves after the messages already waiting have been handled: a MessageChannel task, which
 * browsers do not clamp the way they clamp nested setTimeout(0) to 4 ms. Long engine work (a
 * preview, a re-run on history) awaits it between chunks so the worker keeps answering.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
