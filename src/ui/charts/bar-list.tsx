/**
 * A ranked list with proportional bars (top categories, topics): each entry is a link to its
 * calls. Plain HTML, so it reads as a list of links; the bar is decoration on top of the number.
 */
import { Link } from '../../runtime/link.tsx';

export interface BarListItem {
  key: string;
  label: string;
  value: number;
  /** Text of the value ("1,204"), and an optional second figure ("18.5%"). */
  valueText: string;
  detail?: string;
  href: string;
}

export function BarList({ items, label }: { items: readonly BarListItem[]; label: string }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ol className="an-barlist" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.href} className="an-barlist__link">
            <span className="an-barlist__label">{item.label}</span>
            <span className="an-barlist__value" data-value={item.value}>
              {item.valueText}
              {item.detail && <span className="an-barlist__detail"> · {item.detail}</span>}
            </span>
            <span className="an-barlist__track" aria-hidden="true">
              <span
                className="an-barlist__bar"
                style={{ width: `${Math.max(1.5, (item.value / max) * 100)}%` }}
              />
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
