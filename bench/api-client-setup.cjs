// autocannon worker hook: gives each connection its own request body (its own session).
const bodies = JSON.parse(process.env.BENCH_BODIES || '[]');
let next = 0;

module.exports = function setupClient(client) {
  client.setBody(bodies[next % bodies.length]);
  next += 1;
};
