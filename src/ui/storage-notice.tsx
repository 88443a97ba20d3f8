/**
 * What the demo source could not keep: stored values it dropped as unreadable, or a browser that
 * gives no storage (changes then last until a reload). Shown on screens that write.
 */
import { useQuery } from '../data/index.ts';

export function StorageNotice() {
  const info = useQuery((s) => s.info(), []);
  const notices = info.data?.storage?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <div className="an-notice" role="status" data-testid="storage-notice">
      <strong>About your saved changes</strong>
      <ul>
        {notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}
