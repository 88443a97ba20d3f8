/**
 * `npm run test:stress`: the whole `npm test` with a CPU hog beside it, two busy loops at normal
 * priority (a machine whose two cores something else also wants), to show that no test depends
 * on the machine's speed. Each loop ends on its own after HOG_MINUTES (SA_STRESS_MINUTES) even
 * if this process is killed, and both are stopped when the suite ends. The exit code and last
 * line are `npm test`'s; `time npm run test:stress` gives the wall time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const LOOPS = 2;
/** Longer than a whole run on a loaded machine; only a bound in case this process dies. */
const HOG_MINUTES = Number(process.env.SA_STRESS_MINUTES ?? 60);

function busyLoop(): ChildProcess {
  const until = Date.now() + HOG_MINUTES * 60_000;
  return spawn(process.execPath, ['-e', `while (Date.now() < ${until}) {}`], { stdio: 'ignore' });
}

const hogs = Array.from({ length: LOOPS }, busyLoop);
console.log(
  `test:stress: ${LOOPS} busy loops beside npm test (pids ${hogs.map((h) => h.pid).join(', ')}), at most ${HOG_MINUTES} min`,
);
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
const suite = spawn('npm', ['test'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopHogs();
    suite.kill(signal);
  });
}
suite.on('close', (code) => {
  const ended = hogs.filter((hog) => hog.exitCode !== null || hog.signalCode !== null).length;
  stopHogs();
  // npm test's last line stays the last, unless the hog stopped before the suite did.
  if (ended > 0) {
    console.error(
      `test:stress: ${ended} busy loop(s) ended before npm test did: raise SA_STRESS_MINUTES`,
    );
  }
  process.exit(code ?? 1);
});
