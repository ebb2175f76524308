import { describe, expect, it } from 'vitest';
import { ALL_PUBLIC_ROUTE_NAMES, decideGuard, isPublicMatch, type GuardInput } from './guard';
import { isChunkLoadError } from './RouteError';

const input = (over: Partial<GuardInput> = {}): GuardInput => ({
  isPublic: false,
  token: 'tok',
  query: new URLSearchParams(),
  menuStatus: 'ready',
  routesCurrent: true,
  hasRoutes: true,
  ...over,
});

describe('guard decisions (spec §2.2)', () => {
  it('public routes pass without a token', () => {
    expect(decideGuard(input({ isPublic: true, token: '' }))).toEqual({ kind: 'allow' });
  });
  it('any other route without a token → /login', () => {
    expect(decideGuard(input({ token: '' }))).toEqual({ kind: 'login' });
  });
  it('token and orgId in the address → log in with them', () => {
    const query = new URLSearchParams('token=abc&orgId=7');
    expect(decideGuard(input({ query, token: '' }))).toEqual({ kind: 'linkLogin', token: 'abc', orgId: '7' });
    expect(decideGuard(input({ query: new URLSearchParams('token=abc') }))).toEqual({ kind: 'allow' });
  });
  it('first entry loads menus; waits while loading and while the router is rebuilt', () => {
    expect(decideGuard(input({ menuStatus: 'idle' }))).toEqual({ kind: 'loadMenus' });
    expect(decideGuard(input({ menuStatus: 'loading' }))).toEqual({ kind: 'wait' });
    expect(decideGuard(input({ routesCurrent: false }))).toEqual({ kind: 'wait' });
  });
  it('no routes → /login; a failure → the menu error', () => {
    expect(decideGuard(input({ hasRoutes: false }))).toEqual({ kind: 'login' });
    expect(decideGuard(input({ menuStatus: 'error' }))).toEqual({ kind: 'menuError' });
  });
  it('signed in with routes → allow', () => {
    expect(decideGuard(input())).toEqual({ kind: 'allow' });
  });
  it('public names: login, auth, bindPhone and identity’s signed-out pages', () => {
    expect(ALL_PUBLIC_ROUTE_NAMES).toEqual(expect.arrayContaining(['login', 'auth', 'bindPhone']));
    expect(isPublicMatch([undefined, { name: 'bindPhone' }])).toBe(true);
    expect(isPublicMatch([{ name: 'homeIndex' }])).toBe(false);
    expect(isPublicMatch([{ name: 'x', public: true }])).toBe(true);
  });
});

describe('chunk-load failure (spec §2.2)', () => {
  it('recognises the errors of a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
