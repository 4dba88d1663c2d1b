// What an apiserver request does, read from its method and URL the way the apiserver's RequestInfo does:
// the verb (get/list/watch/create/update/patch/delete/deletecollection), group, version, resource,
// subresource, namespace and name. Names spans and metrics like `kube get configmaps`.

export interface KubeRequestInfo {
  verb: string;
  apiGroup: string;
  apiVersion: string;
  /** Plural resource, e.g. `configmaps`; empty for discovery and non-resource paths. */
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
  /** The URL path, for non-resource requests. */
  path: string;
}

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/** `url`: absolute, or a path; a URL object is read as it is (the client has one already). */
export function kubeRequestInfo(method: string, url: string | URL): KubeRequestInfo {
  const parsed = typeof url === 'string' ? new URL(url, 'http://placeholder') : url;
  const segments = parsed.pathname.split('/').filter((s) => s !== '');
  const info: KubeRequestInfo = {
    verb: method.toLowerCase(),
    apiGroup: '',
    apiVersion: '',
    resource: '',
    subresource: '',
    namespace: '',
    name: '',
    path: parsed.pathname,
  };
  // Servers may sit behind a path prefix (e.g. a proxy): the API starts at the first `api` or `apis` segment.
  const apiAt = segments.findIndex((s) => s === 'api' || s === 'apis');
  if (apiAt < 0) return info;
  let rest: string[];
  if (segments[apiAt] === 'api') {
    info.apiVersion = segments[apiAt + 1] ?? '';
    rest = segments.slice(apiAt + 2);
  } else {
    info.apiGroup = segments[apiAt + 1] ?? '';
    info.apiVersion = segments[apiAt + 2] ?? '';
    rest = segments.slice(apiAt + 3);
  }
  // Discovery (/api, /apis/{group}/{version}) is a non-resource request: its verb is the HTTP method.
  if (info.apiVersion === '' || rest.length === 0) return info;
  if (rest[0] === 'namespaces' && rest[1] !== undefined) {
    info.namespace = rest[1];
    // /namespaces/{ns}/{resource}/… is a namespaced resource, except the namespace's own subresources.
    const next = rest[2];
    if (next !== undefined && !NAMESPACE_SUBRESOURCES.has(next)) rest = rest.slice(2);
  }
  info.resource = rest[0] ?? '';
  info.name = rest[1] ?? '';
  info.subresource = rest.slice(2).join('/');

  const collection = info.name === '';
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD': {
      const watch = parsed.searchParams.get('watch');
      info.verb = watch === 'true' || watch === '1' ? 'watch' : collection ? 'list' : 'get';
      break;
    }
    case 'POST':
      info.verb = 'create';
      break;
    case 'PUT':
      info.verb = 'update';
      break;
    case 'PATCH':
      info.verb = 'patch';
      break;
    case 'DELETE':
      info.verb = collection ? 'deletecollection' : 'delete';
      break;
    default:
      info.verb = method.toLowerCase();
  }
  return info;
}

/** `configmaps`, `pods/status`, or the path for discovery and other non-resource requests. */
export function resourceLabel(info: KubeRequestInfo): string {
  if (info.resource === '') return info.path;
  return info.subresource === '' ? info.resource : `${info.resource}/${info.subresource}`;
}

/** `ns/name`, `name`, `ns/` (a namespaced collection) or empty. */
export function objectLabel(info: KubeRequestInfo): string {
  if (info.resource === 'namespaces') return info.name;
  if (info.namespace === '') return info.name;
  return `${info.namespace}/${info.name}`;
}
