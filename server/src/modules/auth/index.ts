/**
 * What other modules' routes use of the auth module: the authentication hook and the signed-in
 * user it leaves on the request. (Its user lookups are in service.ts.)
 */
export {
  authenticate,
  currentApiTokenId,
  currentCredential,
  currentSessionId,
  currentUser,
} from "./authenticate";
export { planningSettingsOf, type PlanningSettings } from "./user-json";
