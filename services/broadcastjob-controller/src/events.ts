// The Events a BroadcastJob reconcile records on the job: reasons and message texts as Kruise writes them.
// The plan lists the decision Events; the per-pod ones (create/delete results) are built here for whoever
// performs the writes, since only they know the created pod's name or the error.

export type EventType = 'Normal' | 'Warning';

export interface PlannedEvent {
  type: EventType;
  reason: string;
  message: string;
}

export const REASON_DUPLICATE_POD = 'DuplicatePodCreatedOnSameNode';
export const REASON_CONTINUE = 'Continue';
export const REASON_PAUSED = 'Paused';
export const REASON_FAILED_POD_FOUND = 'failed pod is found';
export const REASON_DEADLINE_EXCEEDED = 'DeadlineExceeded';
export const REASON_TOO_MANY_ACTIVE_PODS = 'TooManyActivePods';
export const REASON_JOB_COMPLETE = 'JobComplete';
export const REASON_SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const REASON_FAILED_CREATE = 'FailedCreate';
export const REASON_SUCCESSFUL_DELETE = 'SuccessfulDelete';

export const MESSAGE_FAIL_FAST = 'failure policy is FailurePolicyTypeFailFast and failed pod is found';

export function deadlineExceededMessage(namespace: string, name: string): string {
  return `Job ${namespace}/${name} was active longer than specified deadline`;
}

export function duplicatePodEvent(podName: string, nodeName: string): PlannedEvent {
  return {
    type: 'Warning',
    reason: REASON_DUPLICATE_POD,
    message: `Duplicated pod ${podName} found on same node ${nodeName}`,
  };
}

export const continueEvent: PlannedEvent = {
  type: 'Normal',
  reason: REASON_CONTINUE,
  message: 'continue to process job',
};

export const pausedOnFailureEvent: PlannedEvent = {
  type: 'Warning',
  reason: REASON_PAUSED,
  message: 'job is paused, due to failed pod',
};

export const tooManyActivePodsEvent: PlannedEvent = {
  type: 'Warning',
  reason: REASON_TOO_MANY_ACTIVE_PODS,
  message: 'Number of active pods exceed parallelism limit',
};

/** A failure (FailFast or deadline): the message followed by the counts at that moment. */
export function jobFailureEvent(
  reason: string,
  message: string,
  succeeded: number,
  failed: number,
): PlannedEvent {
  return {
    type: 'Warning',
    reason,
    message: `${message}: ${succeeded} pods succeeded, ${failed} pods failed`,
  };
}

export function jobCompleteEvent(
  namespace: string,
  name: string,
  succeeded: number,
  failed: number,
): PlannedEvent {
  return {
    type: 'Normal',
    reason: REASON_JOB_COMPLETE,
    message: `Job ${namespace}/${name} is completed, ${succeeded} pods succeeded, ${failed} pods failed`,
  };
}

export function successfulCreateEvent(podName: string): PlannedEvent {
  return { type: 'Normal', reason: REASON_SUCCESSFUL_CREATE, message: `Created pod: ${podName}` };
}

export function failedCreateEvent(error: string): PlannedEvent {
  return { type: 'Warning', reason: REASON_FAILED_CREATE, message: `Error creating: ${error}` };
}

export function successfulDeleteEvent(podName: string): PlannedEvent {
  return { type: 'Normal', reason: REASON_SUCCESSFUL_DELETE, message: `Delete pod: ${podName}` };
}
