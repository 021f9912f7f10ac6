/** The Prometheus text exposition format, as the server's metrics answer it. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** What a tenant's Prometheus metrics answer when the server collects none (the reference's words). */
export const PROMETHEUS_METRICS_DISABLED = 'Prometheus metrics are not enabled for this tenant.';
