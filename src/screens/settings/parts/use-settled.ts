import { useEffect, useState } from 'react';

/** The value once it has not changed for `ms`: previews follow settled input, not each keystroke. */
export function useSettled<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
