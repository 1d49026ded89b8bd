// The screens (*-page.tsx) are not exported here: the router loads each as a chunk of its own.
export { useMe, useWorkspacePlan } from './api';
