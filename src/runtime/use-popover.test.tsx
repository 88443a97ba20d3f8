// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { usePopover } from './use-popover.ts';

function Menu() {
  const { buttonProps, panelProps } = usePopover('menu');
  return (
    <>
      <button {...buttonProps}>Tools</button>
      <div {...panelProps} role="menu" aria-label="Tools">
        {['ROI', 'Usage', 'Repeat'].map((label) => (
          <a key={label} href={`#${label}`} role="menuitem" tabIndex={-1}>
            {label}
          </a>
        ))}
      </div>
      <p>Outside</p>
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'Tools' });
const menu = () => screen.getByRole('menu', { hidden: true });
const item = (name: string) => screen.getByRole('menuitem', { name, hidden: true });

afterEach(cleanup);

describe('usePopover (menu)', () => {
  it('links the button to its panel and starts closed', () => {
    render(<Menu />);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-controls')).toBe(menu().id);
    expect(menu().hidden).toBe(true);
  });

  it('opens with ArrowDown on the first item and with ArrowUp on the last', () => {
    render(<Menu />);
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(menu().hidden).toBe(false);
    expect(document.activeElement).toBe(item('ROI'));
    fireEvent.keyDown(menu(), { key: 'Escape' });
    fireEvent.keyDown(button(), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Repeat'));
  });

  it('opens on click (Enter and Space click a button) with focus on the first item', () => {
    render(<Menu />);
    fireEvent.click(button());
    expect(document.activeElement).toBe(item('ROI'));
    fireEvent.click(button());
    expect(menu().hidden).toBe(true);
  });

  it('moves between items with the arrow keys, Home and End, wrapping around', () => {
    render(<Menu />);
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    fireEvent.keyDown(menu(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Usage'));
    fireEvent.keyDown(menu(), { key: 'End' });
    expect(document.activeElement).toBe(item('Repeat'));
    fireEvent.keyDown(menu(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('ROI'));
    fireEvent.keyDown(menu(), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Repeat'));
    fireEvent.keyDown(menu(), { key: 'Home' });
    expect(document.activeElement).toBe(item('ROI'));
  });

  it('closes on Escape and gives the focus back to the button', () => {
    render(<Menu />);
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    fireEvent.keyDown(menu(), { key: 'Escape' });
    expect(menu().hidden).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button());
  });

  it('closes on a pointer press outside, but not inside', () => {
    render(<Menu />);
    fireEvent.click(button());
    act(() => void fireEvent.pointerDown(item('Usage')));
    expect(menu().hidden).toBe(false);
    act(() => void fireEvent.pointerDown(screen.getByText('Outside')));
    expect(menu().hidden).toBe(true);
  });

  it('closes when an entry is chosen', () => {
    render(<Menu />);
    fireEvent.click(button());
    fireEvent.click(item('Usage'));
    expect(menu().hidden).toBe(true);
  });
});

describe('usePopover with contents fetched on demand (prepare)', () => {
  function LazyMenu({ prepare }: { prepare: () => Promise<unknown> }) {
    const [loaded, setLoaded] = useState(false);
    const { buttonProps, panelProps } = usePopover('menu', undefined, {
      prepare: () => prepare().then(() => setLoaded(true)),
    });
    return (
      <>
        <button {...buttonProps}>Tools</button>
        <div {...panelProps} role="menu" aria-label="Tools">
          {loaded ? (
            <a href="#ROI" role="menuitem" tabIndex={-1}>
              ROI
            </a>
          ) : null}
        </div>
      </>
    );
  }

  it('opens only once the contents arrived, with focus on their first item', async () => {
    let arrive!: () => void;
    const prepare = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)));
    render(<LazyMenu prepare={prepare} />);
    fireEvent.click(button());
    expect(menu().hidden).toBe(true);
    await act(async () => arrive());
    expect(menu().hidden).toBe(false);
    expect(document.activeElement).toBe(item('ROI'));
  });

  it('starts fetching when the button is pointed at or focused', () => {
    const prepare = vi.fn(() => new Promise<void>(() => undefined));
    render(<LazyMenu prepare={prepare} />);
    fireEvent.pointerEnter(button());
    fireEvent.focus(button());
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(menu().hidden).toBe(true);
  });

  it('still opens when the fetch fails, so the panel can say so', async () => {
    render(<LazyMenu prepare={() => Promise.reject(new Error('offline'))} />);
    await act(async () => fireEvent.click(button()));
    expect(menu().hidden).toBe(false);
  });
});
