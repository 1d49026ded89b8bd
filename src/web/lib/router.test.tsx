import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { routeAt } from '@/web/app/router';
import { routeMatcher } from './route-match';
import { isActivePath, Link, MemoryRouter, NavLink, RouteParams, useLocation, useParams, useSearchParams } from './router';

describe('matching a path to a route', () => {
  const match = routeMatcher(['/docs', '/docs/:slug', '/docs/new', '/dashboard/forms/:id', '/']);

  it('gives the parameters, decoded, and ignores letter case and a trailing slash', () => {
    expect(match('/docs/caf%C3%A9')).toEqual({ pattern: '/docs/:slug', params: { slug: 'café' } });
    expect(match('/Dashboard/Forms/AbC/')).toEqual({ pattern: '/dashboard/forms/:id', params: { id: 'AbC' } });
    expect(match('/')).toEqual({ pattern: '/', params: {} });
    expect(match('/docs/')).toEqual({ pattern: '/docs', params: {} });
  });

  it('prefers fixed segments to a parameter, whatever the order of the list', () => {
    expect(match('/docs/new')?.pattern).toBe('/docs/new');
  });

  it('keeps a malformed escape as typed, and matches a parameter to one whole segment only', () => {
    expect(match('/docs/%E0%A4%A')?.params).toEqual({ slug: '%E0%A4%A' });
    expect(match('/docs/a/b')).toBeNull();
    expect(match('/docs-old')).toBeNull();
    expect(match('/dashboard/forms/')).toBeNull();
  });

  it("the app's screens: a path outside the table shows the not-found screen", () => {
    expect(routeAt('/dashboard/leads')).toBe('/dashboard/leads');
    expect(routeAt('/dashboard/leads/0b6f')).toBe('/dashboard/leads/:id');
    expect(routeAt('/tutorials/first-page')).toBe('/tutorials/:slug');
    expect(routeAt('/dashboard/nope')).toBe('*');
  });
});

describe('links', () => {
  const render = (node: React.ReactNode, at = '/dashboard/leads?q=ann') =>
    renderToStaticMarkup(<MemoryRouter initialPath={at}>{node}</MemoryRouter>);

  it('point at the resolved path, and keep a link to another origin as written', () => {
    expect(render(<Link to="/pricing">Pricing</Link>)).toBe('<a href="/pricing">Pricing</a>');
    expect(render(<Link to="?q=bob#top">Bob</Link>)).toBe('<a href="/dashboard/leads?q=bob#top">Bob</a>');
    expect(render(<Link to="https://example.com/x">Out</Link>)).toBe('<a href="https://example.com/x">Out</a>');
  });

  it('mark the current screen, or a screen below it unless `end` says otherwise', () => {
    const nav = (to: string, end?: boolean) =>
      render(
        <NavLink to={to} end={end} className={({ isActive }) => (isActive ? 'on' : 'off')}>
          x
        </NavLink>,
      );
    expect(nav('/dashboard/leads')).toBe('<a aria-current="page" class="on" href="/dashboard/leads">x</a>');
    expect(nav('/dashboard')).toContain('class="on"');
    expect(nav('/dashboard', true)).toBe('<a class="off" href="/dashboard">x</a>');
    expect(nav('/dash')).toContain('class="off"');
  });

  it('compare paths as the router matches them', () => {
    expect(isActivePath('/Dashboard', '/dashboard', true)).toBe(true);
    expect(isActivePath('/dashboard/leads', '/dashboard/', false)).toBe(true);
    expect(isActivePath('/dashboard', '/', false)).toBe(false);
    expect(isActivePath('/', '/', true)).toBe(true);
  });
});

describe('what a screen reads of its location', () => {
  function Probe() {
    const location = useLocation();
    const [params] = useSearchParams();
    return <p>{`${location.pathname}|${params.get('q')}|${location.hash}|${location.key}|${JSON.stringify(useParams())}`}</p>;
  }

  it("the path, the query, the hash, the first entry's key and the route's parameters", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialPath="/dashboard/forms/f1?q=a%20b#stats">
        <RouteParams params={{ id: 'f1' }}>
          <Probe />
        </RouteParams>
      </MemoryRouter>,
    );
    expect(html).toBe('<p>/dashboard/forms/f1|a b|#stats|default|{&quot;id&quot;:&quot;f1&quot;}</p>');
  });

  it('outside a router, a link is an error that says so', () => {
    expect(() => renderToStaticMarkup(<Link to="/">Home</Link>)).toThrow('outside a router');
  });
});
