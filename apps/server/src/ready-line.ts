import { DEMO_PASSWORD } from './db/seed/demo.ts';

export interface ReadyFacts {
  /** The HTTP host the server listens on and its port. */
  host: string;
  port: number;
  /** The embedded broker's port; null when devices go through an external broker (or none). */
  mqttPort: number | null;
  externalBrokerUrl: string | null;
  /** Whether the demo data (and its accounts) is in the database. */
  demo: boolean;
}

/** A host that means every interface is reached as localhost from the machine itself. */
const browsable = (host: string) => (host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host);

/** A broker URL without any credentials it may carry. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'the external broker (MQTT_URL)';
  }
}

/** The one plain line `npm start` prints once the server is ready: where the console is, where devices connect, where the demo accounts are. */
export function readyLine(facts: ReadyFacts): string {
  const host = browsable(facts.host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${facts.port}`;
  const devices =
    facts.mqttPort !== null
      ? `devices connect to MQTT port ${facts.mqttPort}`
      : facts.externalBrokerUrl
        ? `devices connect through ${withoutCredentials(facts.externalBrokerUrl)}`
        : 'no device broker (MQTT_PORT=off)';
  const accounts = facts.demo
    ? `; demo accounts (password ${DEMO_PASSWORD}) are listed in README.md, "Demo accounts"`
    : '';
  return `Ready: the console is at ${url}; ${devices}${accounts}\n`;
}
