// The watcher's key of an object, as client-go's cache keys it: `namespace/name`, or `name` when cluster-scoped.
export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}
