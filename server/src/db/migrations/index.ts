import type { Migration } from "kysely/migration";
import * as initial from "./0001-initial";
import * as taskChanges from "./0002-task-changes";
import * as oneActiveGeneration from "./0003-one-active-generation";
import * as calendarFeedsAndImports from "./0005-calendar-feeds-and-imports";
import * as taskDataVersion from "./0006-task-data-version";
import * as recurringTasks from "./0007-recurring-tasks";
import * as jobsRemindersNotifications from "./0008-jobs-reminders-notifications";
import * as passwordResetCodes from "./0009-password-reset-codes";
import * as dropUnusedTaskIndexes from "./0010-drop-unused-task-indexes";
import * as taskChangeVersions from "./0011-task-change-versions";
import * as webPush from "./0012-web-push";
import * as projectsAndSubtasks from "./0013-projects-and-subtasks";
import * as taskHistory from "./0014-task-history";
import * as planning from "./0015-planning";
import * as caldav from "./0017-caldav";
import * as tokensAndWebhooks from "./0016-tokens-and-webhooks";
import * as taskSearchIndex from "./0018-task-search-index";
import * as credentialsAndJobShares from "./0019-credentials-and-job-shares";
import * as taskVersionsAndAiQuota from "./0020-task-versions-and-ai-quota";
import * as signInControl from "./0021-sign-in-control";
import * as twoFactorAndSessions from "./0022-two-factor-and-sessions";
import * as sharedProjects from "./0023-shared-projects";
import * as taskTrash from "./0025-task-trash";
import * as dateFormat from "./0026-date-format";
import * as morningHour from "./0027-morning-hour";
import * as subtaskPosition from "./0028-subtask-position";
import * as oidcDeletionConfirmations from "./0030-oidc-deletion-confirmations";
import * as tasksToDoIndex from "./0031-tasks-to-do-index";
import * as taskListIndexes from "./0032-task-list-indexes";
import * as taskSearchPendingList from "./0033-task-search-pending-list";
import * as taskSearchByOwner from "./0034-task-search-by-owner";

/**
 * Every migration, in order. Add new ones at the end; never edit a released one. A migration keeps
 * the schema usable by the release before it: during a rolling upgrade instances of both run on
 * one database, and one of the previous release may restart after this one migrated (it then
 * takes this release's migrations as run, see migratorOf).
 */
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-task-changes": taskChanges,
  "0003-one-active-generation": oneActiveGeneration,
  "0005-calendar-feeds-and-imports": calendarFeedsAndImports,
  "0006-task-data-version": taskDataVersion,
  "0007-recurring-tasks": recurringTasks,
  "0008-jobs-reminders-notifications": jobsRemindersNotifications,
  "0009-password-reset-codes": passwordResetCodes,
  "0010-drop-unused-task-indexes": dropUnusedTaskIndexes,
  "0011-task-change-versions": taskChangeVersions,
  "0012-web-push": webPush,
  "0013-projects-and-subtasks": projectsAndSubtasks,
  "0014-task-history": taskHistory,
  "0015-planning": planning,
  "0016-tokens-and-webhooks": tokensAndWebhooks,
  "0017-caldav": caldav,
  "0018-task-search-index": taskSearchIndex,
  "0019-credentials-and-job-shares": credentialsAndJobShares,
  "0020-task-versions-and-ai-quota": taskVersionsAndAiQuota,
  "0021-sign-in-control": signInControl,
  "0022-two-factor-and-sessions": twoFactorAndSessions,
  "0023-shared-projects": sharedProjects,
  "0025-task-trash": taskTrash,
  "0026-date-format": dateFormat,
  "0027-morning-hour": morningHour,
  "0028-subtask-position": subtaskPosition,
  "0030-oidc-deletion-confirmations": oidcDeletionConfirmations,
  "0031-tasks-to-do-index": tasksToDoIndex,
  "0032-task-list-indexes": taskListIndexes,
  "0033-task-search-pending-list": taskSearchPendingList,
  "0034-task-search-by-owner": taskSearchByOwner,
};
