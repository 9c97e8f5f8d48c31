import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

/** Mosquitto 2's dynamic-security control topic and its answers. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
const ANSWER_TIMEOUT_MS = 10_000;

export type DynsecCommand = { command: string } & Record<string, unknown>;
export interface DynsecAnswer {
  command: string;
  error?: string;
  data?: unknown;
}

export interface DynsecClient {
  /** Sends the commands in one message and answers each command's response, in order. */
  run(commands: DynsecCommand[]): Promise<DynsecAnswer[]>;
  /** Sends commands without waiting for answers: for a change to the admin's own client, which Mosquitto answers by dropping its connections. */
  send(commands: DynsecCommand[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * A connection of a dynamic-security admin to Mosquitto's `$CONTROL` API: JSON `{commands: [...]}`
 * published on `$CONTROL/dynamic-security/v1`, answered on `.../response` with `{responses: [...]}`,
 * each paired to its command by `correlationData`.
 */
export async function connectDynsec(options: {
  url: string;
  username: string;
  password: string;
  clientId: string;
}): Promise<DynsecClient> {
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  /** Each command waiting for its answer: settle with the answer, or fail (timeout, publish failed, closed). */
  const waiting = new Map<string, { settle(answer: DynsecAnswer): void; fail(error: Error): void }>();
  const failAll = (ids: string[], error: Error) => ids.forEach((id) => waiting.get(id)?.fail(error));
  client.on('message', (_topic, payload) => {
    let body: { responses?: Array<DynsecAnswer & { correlationData?: string }> };
    try {
      body = JSON.parse(payload.toString('utf8')) as typeof body;
    } catch {
      return;
    }
    for (const response of body.responses ?? []) {
      if (response.correlationData) waiting.get(response.correlationData)?.settle(response);
    }
  });
  const granted = await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
  if (granted.some((grant) => grant.qos > 2))
    throw new Error(`the MQTT user ${options.username} may not use Mosquitto's dynamic-security API`);

  return {
    async run(commands) {
      const ids = commands.map(() => randomUUID());
      const answers = Promise.all(
        ids.map(
          (id, index) =>
            new Promise<DynsecAnswer>((resolve, reject) => {
              const done = () => {
                clearTimeout(timer);
                waiting.delete(id);
              };
              const timer = setTimeout(
                () =>
                  waiting
                    .get(id)
                    ?.fail(
                      new Error(`Mosquitto did not answer the dynamic-security command ${commands[index]!.command}`),
                    ),
                ANSWER_TIMEOUT_MS,
              );
              waiting.set(id, {
                settle: (answer) => (done(), resolve(answer)),
                fail: (error) => (done(), reject(error)),
              });
            }),
        ),
      );
      // Observed from the start: the answers can fail (closed, timed out) while the publish is still
      // pending, before anyone awaits them; the caller still gets the failure through the return.
      answers.catch(() => undefined);
      try {
        await client.publishAsync(
          DYNSEC_TOPIC,
          JSON.stringify({ commands: commands.map((command, index) => ({ ...command, correlationData: ids[index] })) }),
          { qos: 1 },
        );
      } catch (error) {
        failAll(ids, error as Error);
        throw error;
      }
      return answers;
    },
    async send(commands) {
      await client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands }), { qos: 1 });
    },
    async close() {
      failAll([...waiting.keys()], new Error('the dynamic-security connection was closed'));
      await client.endAsync();
    },
  };
}

/** Throws on an answer with an error, except the ones `tolerated` (e.g. 'already exists' on a create). */
export function checkAnswers(answers: DynsecAnswer[], tolerated: RegExp = /^$/): void {
  const failed = answers.filter((answer) => answer.error && !tolerated.test(answer.error));
  if (failed.length > 0)
    throw new Error(`Mosquitto dynamic security refused: ${failed.map((a) => `${a.command}: ${a.error}`).join('; ')}`);
}
