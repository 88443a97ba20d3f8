// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router, type Navigator } from 'react-router-dom';
import { Link } from './link.tsx';

function renderLink(link: React.ReactNode) {
  const navigator = { push: vi.fn(), replace: vi.fn(), go: vi.fn(), createHref: vi.fn() };
  render(
    <Router location="/" navigator={navigator as unknown as Navigator}>
      {link}
    </Router>,
  );
  return { navigator, link: screen.getByRole('link') };
}

/**
 * Clicks and tells whether the link took the click for the app (prevented the page load). The
 * browser's own follow-up is stopped after the app's handlers, so the test page stays put.
 */
function click(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const after = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', after);
  fireEvent.click(link, { button: 0, ...init });
  window.removeEventListener('click', after);
  return taken;
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('Link', () => {
  it('is an anchor to the address, with the attributes it is given', () => {
    const { link } = renderLink(
      <Link to="/customer/voc?disposition=Fake+Call" className="x" aria-current="page">
        VoC
      </Link>,
    );
    expect(link.getAttribute('href')).toBe('/customer/voc?disposition=Fake+Call');
    expect(link.className).toBe('x');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('a plain click moves the app history and not the browser', () => {
    const { navigator, link } = renderLink(<Link to="/performance/agents">Agents</Link>);
    expect(click(link)).toBe(true);
    expect(navigator.push).toHaveBeenCalledWith('/performance/agents');
    expect(navigator.replace).not.toHaveBeenCalled();
  });

  it('a link to the address one is at replaces the entry instead of adding one', () => {
    window.history.replaceState(null, '', '/calls?status=analysed');
    const { navigator, link } = renderLink(<Link to="/calls?status=analysed">Calls</Link>);
    expect(click(link)).toBe(true);
    expect(navigator.replace).toHaveBeenCalledWith('/calls?status=analysed');
    expect(navigator.push).not.toHaveBeenCalled();
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('a click with %s is left to the browser', (_, init) => {
    const { navigator, link } = renderLink(<Link to="/performance/agents">Agents</Link>);
    expect(click(link, init)).toBe(false);
    expect(navigator.push).not.toHaveBeenCalled();
  });

  it('a link that opens elsewhere is left to the browser', () => {
    const { navigator, link } = renderLink(
      <Link to="/page/help" target="_blank">
        Help
      </Link>,
    );
    expect(click(link)).toBe(false);
    expect(navigator.push).not.toHaveBeenCalled();
  });

  it("runs the caller's onClick first, and stops when it prevents the default", () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    const { navigator, link } = renderLink(
      <Link to="/performance/agents" onClick={onClick}>
        Agents
      </Link>,
    );
    click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(navigator.push).not.toHaveBeenCalled();
  });
});
