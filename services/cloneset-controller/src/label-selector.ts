// metav1.LabelSelector matching and its canonical string now live in @kruise-ts/core (shared with the Advanced
// StatefulSet's claim); this module keeps the CloneSet's imports stable.
export { LabelSelectorError, selectorMatches, selectorString } from '@kruise-ts/core';
