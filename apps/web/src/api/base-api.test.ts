import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { jsonResponse, signedIn } from '../test/render';
import { baseApi, messageOf } from './base-api';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    probeMessage: build.mutation<{ message: string }, string>({
      query: (path) => ({ url: path, method: 'POST' }),
      transformResponse: messageOf,
    }),
  }),
});

function answer(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
}

describe('the envelope, unwrapped once in the base query', () => {
  it('gives an endpoint the data of the envelope', async () => {
    answer(() => jsonResponse(200, { items: [1, 2], totalCount: 2 }, { message: 'Fetched' }));
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('Things'));
    expect(result.data).toEqual({ items: [1, 2], totalCount: 2 });
  });

  it("passes the envelope's message on to a screen that shows it", async () => {
    answer(() => jsonResponse(200, null, { message: 'If the address is known, a link is on its way.' }));
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const result = await store.dispatch(probeApi.endpoints.probeMessage.initiate('auth/forgot-password'));
    expect(result).toMatchObject({ data: { message: 'If the address is known, a link is on its way.' } });
  });

  it('keeps the whole envelope of a failure (message and field errors)', async () => {
    answer(() =>
      jsonResponse(400, null, { message: 'Invalid input', errors: { name: ['Name is required'] } }),
    );
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('Things'));
    expect(result.error).toMatchObject({
      status: 400,
      data: { message: 'Invalid input', errors: { name: ['Name is required'] } },
    });
  });

  it('leaves an answer that is not an envelope as it is', async () => {
    answer(
      () =>
        new Response(JSON.stringify({ ok: true }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('health'));
    expect(result.data).toEqual({ ok: true });
  });
});
