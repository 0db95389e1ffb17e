/** The webhook routes' examples (RouteDef.example): one endpoint's life, its test event and a delivery. */

const ENDPOINT_ID = 'whe_3k9x7m2qv8d4t6rb1hzc';
const EVENT_ID = 'evt_5n2w8yq4j7c1m9tf3ka6';
const URL = 'https://crm.example.com/hooks/roofing';

const endpoint = {
  id: ENDPOINT_ID,
  url: URL,
  events: ['report.import.completed', 'report.import.failed', 'lead.created', 'lead.stage_changed'],
  description: 'Acme CRM production sync',
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  signature_scheme: 'standard_webhooks',
  previous_secret_expires_at: null,
  api_version: '2026-11-27',
  created_at: '2025-03-02T14:05:11.482Z',
  updated_at: '2025-03-02T14:05:11.482Z',
};

export const endpointParams = { webhook_endpoint_id: ENDPOINT_ID };
export const eventParams = { webhook_event_id: EVENT_ID };

export const createExample = {
  body: { url: URL, events: endpoint.events, description: endpoint.description },
  response: {
    status: 201,
    body: { webhook_endpoint: { ...endpoint, secret: 'whsec_v73ffNNW7Cf3nLRZbOd2njCxwcUlMtHggr1DayfXXi0=' } },
  },
};

export const listExample = {
  query: { limit: 1 },
  response: {
    status: 200,
    body: {
      webhook_endpoints: [endpoint],
      pagination: {
        limit: 1,
        has_more: true,
        next_cursor:
          'WyJ3ZWJob29rX2VuZHBvaW50cy5saXN0IixbIjIwMjUtMDMtMDJUMTQ6MDU6MTEuNDgyOTEzWiIsIndoZV8zazl4N20ycXY4ZDR0NnJiMWh6YyJdXQ.mUlVlxXjPxAxxB2H-D8BbQ',
      },
    },
  },
};

export const getExample = { params: endpointParams, response: { status: 200, body: { webhook_endpoint: endpoint } } };

/** Re-enabling an endpoint the platform disabled after its deliveries failed for the retry window. */
export const patchExample = {
  params: endpointParams,
  body: { enabled: true, events: ['*'] },
  response: {
    status: 200,
    body: { webhook_endpoint: { ...endpoint, events: ['*'], updated_at: '2025-03-06T08:30:00.015Z' } },
  },
};

export const deleteExample = {
  params: endpointParams,
  body: {},
  response: { status: 200, body: { deleted: true, webhook_endpoint_id: ENDPOINT_ID } },
};

/** A rotation whose previous secret keeps signing for 24 hours (the default), as a deploy of the new one rolls out. */
export const rotateExample = {
  params: endpointParams,
  body: { overlap_seconds: 86400 },
  response: {
    status: 200,
    body: {
      webhook_endpoint: {
        ...endpoint,
        previous_secret_expires_at: '2025-03-07T10:00:02.730Z',
        updated_at: '2025-03-06T10:00:02.730Z',
        secret: 'whsec_/wwlXHVsWcjsa3+4VzsD7i8HxAeHXHPtXku9Yv/Let8=',
      },
    },
  },
};

const testEvent = {
  id: EVENT_ID,
  type: 'webhook_endpoint.test',
  created_at: '2025-03-04T09:12:45.118Z',
  data: { object: endpoint },
};

const pendingDelivery = {
  id: 'whd_8f4q1n7x2m6c9w3t5kbr',
  endpoint_id: ENDPOINT_ID,
  status: 'pending',
  attempt_count: 0,
  next_attempt_at: '2025-03-04T09:12:45.118Z',
  attempts: [],
};

export const testExample = {
  params: endpointParams,
  body: {},
  response: { status: 202, body: { webhook_event: { ...testEvent, deliveries: [pendingDelivery] } } },
};

export const listEventsExample = {
  query: { type: 'webhook_endpoint.test', limit: 1 },
  response: {
    status: 200,
    body: {
      webhook_events: [testEvent],
      pagination: {
        limit: 1,
        has_more: true,
        next_cursor:
          'WyJ3ZWJob29rX2V2ZW50cy5saXN0IixbIjIwMjUtMDMtMDRUMDk6MTI6NDUuMTE4MjA0WiIsImV2dF81bjJ3OHlxNGo3YzFtOXRmM2thNiJdXQ.PWNM-Qm6bafiwU2qg7Eahg',
      },
    },
  },
};

/** A delivery that succeeded on its second attempt, after the receiver timed out once. */
export const getEventExample = {
  params: eventParams,
  response: {
    status: 200,
    body: {
      webhook_event: {
        ...testEvent,
        deliveries: [
          {
            ...pendingDelivery,
            status: 'succeeded',
            attempt_count: 2,
            next_attempt_at: null,
            attempts: [
              { attempted_at: '2025-03-04T09:13:17.402Z', response_status: 200, error: null, duration_ms: 184 },
              {
                attempted_at: '2025-03-04T09:12:45.301Z',
                response_status: null,
                error: 'timed out after 10000 ms',
                duration_ms: 10003,
              },
            ],
          },
        ],
      },
    },
  },
};

const DELIVERY_ID = 'whd_2c7m4q9x1n8t5w3kbr6f';

/** A lead.created delivery the receiver answered 500 twice, then acknowledged. */
const delivered = {
  id: DELIVERY_ID,
  event_id: 'evt_9k3m7q2x8n4c1w6t5hbr',
  event_type: 'lead.created',
  status: 'succeeded',
  attempts_made: 3,
  response_status: 200,
  duration_ms: 142,
  response_body: '{"received":true}',
  error: null,
  resent_from: null,
  created_at: '2025-03-06T10:04:12.902Z',
  attempted_at: '2025-03-06T10:05:49.310Z',
  delivered_at: '2025-03-06T10:05:49.310Z',
  next_attempt_at: null,
};

export const deliveryParams = { ...endpointParams, webhook_delivery_id: DELIVERY_ID };

export const listDeliveriesExample = {
  params: endpointParams,
  query: { limit: 1 },
  response: {
    status: 200,
    body: {
      webhook_deliveries: [delivered],
      pagination: {
        limit: 1,
        has_more: true,
        next_cursor:
          'WyJ3ZWJob29rX2RlbGl2ZXJpZXMubGlzdCIsWyIyMDI1LTAzLTA2VDEwOjA0OjEyLjkwMjMxMVoiLCJ3aGRfMmM3bTRxOXgxbjh0NXcza2JyNmYiXV0.Hq8TzL1mV0cYd3rW5eKp2g',
      },
    },
  },
};

/** The new delivery of the same event, queued: it carries the same webhook-id as the one it re-sends. */
export const resendExample = {
  params: deliveryParams,
  body: {},
  response: {
    status: 202,
    body: {
      webhook_delivery: {
        ...delivered,
        id: 'whd_6t1w9c4n2x7q3m8kbr5f',
        status: 'pending',
        attempts_made: 0,
        response_status: null,
        duration_ms: null,
        response_body: null,
        resent_from: DELIVERY_ID,
        created_at: '2025-03-06T11:20:03.447Z',
        attempted_at: null,
        delivered_at: null,
        next_attempt_at: '2025-03-06T11:20:03.447Z',
      },
    },
  },
};
