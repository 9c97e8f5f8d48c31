import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

/**
 * package.json `overrides` pin content-disposition 2 (under @fastify/static) and cookie 1 (under
 * light-my-request): their newer majors need Node 22 and npm warned EBADENGINE on Node 20. What the
 * dependants use of them still works: a download's header, and cookies of an injected request.
 */
describe('the dependencies pinned for Node 20', () => {
  it("@fastify/static names a download's file (content-disposition)", async () => {
    const app = Fastify();
    await app.register(fastifyStatic, { root: import.meta.dirname, serve: false });
    app.get('/file', (_request, reply) => reply.download('node20-pins.test.ts', '报告 2026.ts'));
    const answer = await app.inject({ url: '/file' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="?? 2026.ts"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%202026.ts`,
    );
    await app.close();
  });

  it("inject sends a request's cookies (light-my-request, cookie)", async () => {
    const app = Fastify();
    app.get('/cookie', (request, reply) => reply.send(request.headers.cookie ?? ''));
    const answer = await app.inject({ url: '/cookie', cookies: { sessionid: 'a b', lang: 'zh-CN' } });
    expect(answer.body).toBe('sessionid=a%20b; lang=zh-CN');
    await app.close();
  });
});
