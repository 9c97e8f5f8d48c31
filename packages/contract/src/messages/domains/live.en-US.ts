/** Messages of live push, gateways and sub-devices, and dynamic registration (issue 10, piece live), in English. */
export const liveEnUS = {
  'live.error.topologySameDevice': 'The gateway and the child device are the same device',
  'live.error.topologyChildTaken': 'This child device is already under another gateway',
  'live.error.topologyMissing': 'This device is not a child device of this gateway',
  'live.error.topologyNested': 'A gateway cannot be a child device, and a child device cannot be a gateway',
  'live.error.dynamicRegistrationOff': 'Dynamic registration is off for this product',
  'live.error.registrationSignature': 'The product key or the signature is wrong',
  'live.error.registrationReplayed': 'This registration request was already used',
  'live.error.ticketInvalid': 'The live update link is invalid or expired, please reconnect',
  'live.error.tooManyStreams': 'Too many live update connections are open for this session (at most {{max}})',
  'live.validation.deviceIds': 'At most 100 device ids',
  'live.validation.gatewayId': 'Please choose the gateway',
  'live.validation.childId': 'Please choose the child device',
  'live.validation.productId': 'Please choose a product',
} as const;
