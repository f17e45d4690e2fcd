/**
 * What other modules use of the live updates: telling the user's open streams about changes, and
 * ending those whose credentials were revoked.
 */
export { endLiveStreams, publishLiveUpdates } from "./publish";
