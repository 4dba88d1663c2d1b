/** Any apps.kruise.io object as JSON (what webhooks receive). */
export interface KruiseObject {
  apiVersion: string;
  kind: string;
  [key: string]: unknown;
}
