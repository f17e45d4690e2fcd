/**
 * What other modules use of the live updates: telling the user's open streams about changes (of
 * tasks, or of a shared project's comments and members), and ending those whose credentials were
 * revoked.
 */
export { endLiveStreams, publishLiveUpdates, publishSharingUpdate } from "./publish";
