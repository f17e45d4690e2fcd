/** What other modules use of the live updates: telling the user's open streams about changes. */
export { publishLiveUpdates } from "./publish";
