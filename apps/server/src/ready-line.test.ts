import { describe, expect, it } from 'vitest';
import { readyLine } from './ready-line.ts';

describe('readyLine', () => {
  it('names the console address, the MQTT port and where the demo accounts are listed, on one line', () => {
    const line = readyLine({ host: '0.0.0.0', port: 8080, mqttPort: 1883, externalBrokerUrl: null, demo: true });
    expect(line).toBe(
      'Ready: the console is at http://localhost:8080; devices connect to MQTT port 1883; demo accounts (password Demo@123456) are listed in README.md, "Demo accounts"\n',
    );
    expect(line.trimEnd()).not.toContain('\n');
  });

  it('without demo data or embedded broker, says where devices connect and nothing of demo accounts', () => {
    expect(
      readyLine({
        host: '10.0.0.5',
        port: 80,
        mqttPort: null,
        externalBrokerUrl: 'mqtt://svc:secret@emqx:1883',
        demo: false,
      }),
    ).toBe('Ready: the console is at http://10.0.0.5:80; devices connect through mqtt://emqx:1883\n');
    expect(readyLine({ host: '::1', port: 8080, mqttPort: null, externalBrokerUrl: null, demo: false })).toBe(
      'Ready: the console is at http://[::1]:8080; no device broker (MQTT_PORT=off)\n',
    );
  });
});
