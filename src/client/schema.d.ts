/**
 * Generated from openapi.json by openapi-typescript@7.13.0: do not edit.
 * Regenerate with `npm run api:sync`.
 */

export interface paths {
    "/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts
         * @description Registered passes, newest first; `pass` narrows the list to that pass (an unregistered one matches nothing). Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Register a pass address as an account
         * @description 201 when it is new; 200 with the existing account when the pass is already registered. Needs the `support` role or above.
         */
        post: operations["registerAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}/suspension": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a pass
         * @description From the commit on the pass is refused every allocation (400 ACCOUNT_SUSPENDED) and is on no leaderboard: it is not listed and no other pass counts it when ranked. Its payouts stay as they are. Audited as `account.suspend`; operator endpoints hear `account.suspended`. Suspending a suspended pass again changes only its reason (`suspended_at` stays); with the same reason it changes nothing. Needs the `support` role or above.
         */
        post: operations["suspendAccount"];
        /**
         * Reinstate a suspended pass
         * @description Lifts the suspension: the pass is paid again and is back on every leaderboard with its points. Audited as `account.reinstate`; operator endpoints hear `account.reinstated`. A pass that is not suspended is answered as it is. Needs the `support` role or above.
         */
        delete: operations["reinstateAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/action-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List action types
         * @description Every action type by name, whether it is active, and how many quests are of it (not paged). Needs the `viewer` role or above.
         */
        get: operations["listActionTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/action-types/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Activate or deactivate an action type
         * @description Allocations on quests of an inactive type are refused with ACTION_TYPE_INACTIVE. Needs the `admin` role or above.
         */
        put: operations["setActionType"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List quest applications
         * @description Applications, optionally of one status, newest first; with `status=pending`, oldest first (the review queue). Paged by `cursor`.
         */
        get: operations["listApplications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/applications/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending application, creating its live quest and test twin
         * @description In one transaction: registers the owner's pass if needed, creates the live quest (the request with any overrides; public unless `is_public: false`) and its test twin (same fields, `mode: test`, never public), and records both ids on the application. A decided application is 409 APPLICATION_ALREADY_DECIDED.
         */
        post: operations["approveApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/applications/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending application
         * @description Records the decision and its reason, which the applicant reads. A decided application is 409 APPLICATION_ALREADY_DECIDED.
         */
        post: operations["rejectApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit entries
         * @description The append-only audit log, newest first: one entry per change, with who made it, the request's `x-request-id` and the changed fields (never a key or token). Filtered by `action`, `target_type` and `target_id`. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a backup of the embedded database
         * @description A consistent snapshot of the embedded database (PGlite, `DATA_DIR`): its data directory as a tar, gzip'd, streamed as an attachment named for the time it was taken. The copy is made between two operations on the database's one connection: an allocation made meanwhile is in it whole or not at all, and waits for the copy at most as long as any database wait (else 503 with `Retry-After`). The answer is compressed as it is sent; a transfer cut short (no terminating chunk) is no backup. Restore it with `questpoints restore FILE --data-dir DIR`, which checks the books. On PostgreSQL this answers 409 `CONFLICT`: use `pg_dump`, or a base backup with WAL archiving (docs/operations.md#backups-and-restores). One backup at a time (503 while one is being sent). Needs the `admin` role.
         */
        get: operations["getBackup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description Every campaign, active or not, newest first. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listCampaignsAdmin"];
        put?: never;
        /**
         * Create a campaign
         * @description Campaigns group quests; a campaign is active unless `is_active` is false. Needs the `admin` role or above.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a campaign
         * @description Unset fields keep their value; the window must stay `end > start`. Needs the `admin` role or above.
         */
        patch: operations["updateCampaign"];
        trace?: never;
    };
    "/admin/earning-periods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List earning periods
         * @description Every earning period, oldest first by start. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listEarningPeriods"];
        put?: never;
        /**
         * Define an earning period
         * @description A `[start, end)` window; periods never overlap (409 CONFLICT). Once any period exists, allocations need one covering now. Needs the `admin` role or above.
         */
        post: operations["createEarningPeriod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/earning-periods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an earning period
         * @description Deletes a period no payout is stamped with; one with payouts answers 409 EARNING_PERIOD_IN_USE. Needs the `admin` role or above.
         */
        delete: operations["deleteEarningPeriod"];
        options?: never;
        head?: never;
        /**
         * Move an earning period
         * @description Changes the period's start, end or both; periods never overlap (409 CONFLICT), and end must be after start. Needs the `admin` role or above.
         */
        patch: operations["updateEarningPeriod"];
        trace?: never;
    };
    "/admin/features": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the feature switches
         * @description Needs the `viewer` role or above.
         */
        get: operations["getFeatures"];
        /**
         * Switch features on or off
         * @description Every process follows within one second. Needs the `admin` role or above.
         */
        put: operations["setFeatures"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Keys, newest first, with when each was last used (to the minute), expires and was revoked; never a key's value. `owner` narrows them to one pass's keys. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Issue an API key to an account
         * @description The plain key is shown only in this answer; only its hash is stored. `mode: "test"` issues an `sk_test_` key that reaches only test quests. Needs the `admin` role or above.
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key given its value
         * @description For a leaked key reported by someone who never saw its id: the value is hashed, never stored, logged or audited. Revoking a revoked key answers its first revocation time. Needs the `support` role or above.
         */
        post: operations["revokeKeyByValue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Every process refuses the key from the revocation's commit on; no allocation with it commits after that. Needs the `support` role or above.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key
         * @description Issues a new key of the same account and mode (the key is shown only in this answer) and ends the old one `grace_seconds` from now (default 86400; an earlier expiry is kept). The old key answers 401 INVALID_API_KEY after that, in every process. A revoked or expired key cannot be rotated (409). Needs the `admin` role or above.
         */
        post: operations["rotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description The operator the bearer token belongs to and its role (`bootstrap` for ADMIN_TOKEN), so a console shows only what the role may do. Needs the `viewer` role or above.
         */
        get: operations["getOperatorMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List operators
         * @description Newest first, never a token. Paged by `limit` and `cursor`. Needs the `viewer` role or above.
         */
        get: operations["listOperators"];
        put?: never;
        /**
         * Add an operator
         * @description The token (`op_` + 40 base62 characters) is shown only in this answer; only its hash is stored. Needs the `admin` role or above.
         */
        post: operations["createOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operators/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an operator's role, or disable it
         * @description A disabled operator's token answers 401 from this answer on, in every process (tokens are checked against the database on every request). Needs the `admin` role or above.
         */
        patch: operations["updateOperator"];
        trace?: never;
    };
    "/admin/operators/{id}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an operator's token
         * @description The new token is shown only here; the old one answers 401 at once, in every process. Needs the `admin` role or above.
         */
        post: operations["rotateOperatorToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payouts, or export every matching payout as CSV or NDJSON
         * @description Filters combine (AND): `quest_id`, `pass`, `earning_period_id`, `since` (inclusive) and `until` (exclusive) on `created_at`, and `reversed` (`true` or `false`). Newest first by (`created_at`, `id`).
         *
         *     Every payout carries `reversed_at`, null unless it was reversed, so an export reconciles with the quests' budgets: a reversed payout keeps its `amount`, which went back into its quest's `points_remaining`. CSV columns, in this order: `id`, `quest_id`, `pass`, `amount`, `earning_period_id`, `created_at`, `reversed_at` (new columns are only ever added at the end); a null is an empty field.
         *
         *     `format=json` (default) answers one page `{ items, next_cursor }` (`limit`, `cursor`). `format=csv` (`text/csv`, a header row) and `format=ndjson` (`application/x-ndjson`, one object a line) stream every matching payout as an attachment, with no page limit and in constant memory (read 5,000 rows a query); `limit` and `cursor` are refused with them. Payouts made during an export are not in it. A transfer cut short (no terminating chunk) means the export failed midway.
         */
        get: operations["listPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/payouts/{payoutId}/reversal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse a payout
         * @description Puts the payout's amount back into its quest's budget, at most once per payout, whatever the quest's window. Audited as `payout.reverse` by `operator`. Needs the `support` role or above.
         */
        post: operations["adminReversePayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/quests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List quests
         * @description Every quest, private and test ones too, newest first; filtered by `owner` (a pass), `campaign_id` and `mode`. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listQuestsAdmin"];
        put?: never;
        /**
         * Create a quest
         * @description The owner must be a registered pass. `mode: "test"` makes a test quest, private and reachable only with test keys. Needs the `admin` role or above.
         */
        post: operations["createQuest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/quests/{questId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a quest
         * @description Unset fields keep their value; `null` clears a limit per pass or the `url`. Raising `total_points` raises `points_remaining` by the same amount; it can never go below what was paid. A changed limit or `pass_window` applies to later allocations only. The mode cannot change. Needs the `admin` role or above.
         */
        patch: operations["updateQuest"];
        trace?: never;
    };
    "/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Newest first. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listAdminWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Subscribes an https URL to event types. The answer carries the signing `secret`, shown only here. At most 20 endpoints; beyond, 409 CONFLICT. Needs the `admin` role or above.
         */
        post: operations["createAdminWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What webhook targets the service takes
         * @description Whether `http://` and loopback or private targets are taken (WEBHOOK_ALLOW_PRIVATE_TARGETS), so that a form can say so before an endpoint is added. Needs the `viewer` role or above.
         */
        get: operations["getAdminWebhookSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook endpoint (never its secret)
         * @description Needs the `viewer` role or above.
         */
        get: operations["getAdminWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint and its deliveries
         * @description Needs the `admin` role or above.
         */
        delete: operations["deleteAdminWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Any of `url`, `events`, `description`, `disabled`. Enabling a disabled endpoint forgets its past failures; deliveries that failed while it was disabled can be redelivered. Needs the `admin` role or above.
         */
        patch: operations["updateAdminWebhook"];
        trace?: never;
    };
    "/admin/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description One item per delivery of an event (a redelivery is another), newest first, with its last attempt. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`). Needs the `viewer` role or above.
         */
        get: operations["listAdminWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/events/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event to an endpoint again
         * @description Sends an event this endpoint was sent before once more, with the same `webhook-id` (the receiver's idempotency key). A disabled endpoint is 409. Needs the `support` role or above.
         */
        post: operations["redeliverAdminWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description The new secret is shown only here. For 24 hours every message carries signatures by both secrets (space-separated in `webhook-signature`), so the receiver can switch without losing one. A secret replaced earlier keeps its own 24 hours: each live secret signs. At most 5 replaced secrets sign at once; one more rotation meanwhile is 409 CONFLICT, naming when the oldest stops. Needs the `admin` role or above.
         */
        post: operations["rotateAdminWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to one endpoint
         * @description Queues a `webhook.test` event for this endpoint only, whatever it subscribed to. A disabled endpoint is 409. Needs the `admin` role or above.
         */
        post: operations["sendAdminWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply for a quest and its API keys
         * @description Submits a quest application for the operator to review. `proof` is an EIP-4361 message signed by `owner` (from its own nonce, checked as `POST /passes` checks it; the pass it proves must be `owner`), since the claimed keys reach every quest of the owner's account. The answer's `token` is shown only once: keep it to read the application and, once approved, to claim the keys. At most APPLICATIONS_PER_HOUR (default 20) applications an hour may come from one client address; beyond it, 429 with Retry-After.
         */
        post: operations["submitApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an application (its applicant, with the token)
         * @description The application with its status and, once decided, the decision: the quest ids when approved, the reason when rejected. An unknown id is 404 whatever the token; a missing or wrong token is 401.
         */
        get: operations["getApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim the API keys of an approved application, once
         * @description Creates one live and one test API key for the owner account and answers them with ready-to-use instructions (Markdown). The keys are shown only in this answer: a second call is 409 KEYS_ALREADY_CLAIMED. `base_url` is the service's address as this request reached it. `scope: "read"` makes both keys read-only (GET only), for a dashboard.
         */
        post: operations["claimApplicationKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the active campaigns
         * @description Active campaigns, oldest first, paged by cursor; the fields of `GET /campaigns/{id}` without its quests. No key needed; readable from any web page (CORS `*`).
         */
        get: operations["listCampaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Campaign details with its public quests
         * @description No key needed; readable from any web page (CORS `*`).
         */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/earning-periods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Earning periods, oldest first
         * @description Every earning period `[start, end)`, oldest first: what a leaderboard's `earning_period_id` may name.
         */
        get: operations["listPublicEarningPeriods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Passes ranked by live points
         * @description Overall, or within a campaign, an earning period, or both. Points descending, ties by address ascending (its numeric value); `rank` is 1 + the number of passes with strictly more points; passes with 0 points are left out.
         */
        get: operations["getLeaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's account, the key, and the quests it reaches
         * @description Every quest the key's account owns in the key's mode (a test key sees its test quests), with the detail fields but no payouts.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description The Prometheus text format. Needs `Authorization: Bearer` METRICS_TOKEN when it is set.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join: register your pass by signing in with your wallet
         * @description Checks the EIP-4361 message (400 SIWE_MESSAGE_INVALID naming each bad field), spends its nonce (400 NONCE_INVALID when unknown, expired or used: a replay), verifies the ERC-191 signature by the message's address (401 SIGNATURE_INVALID), then registers the signer's pass: its FuturePass when the service knows a chain node and the signer has one (503 CHAIN_UNAVAILABLE when the node does not answer), else the signer's own address. 201 for a new account, 200 when the pass had one already. Once registered, the pass can receive points.
         */
        post: operations["joinWithWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passes/nonces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A nonce for a wallet sign-in message
         * @description A single-use nonce, valid 10 minutes, and what the EIP-4361 message must carry (`domain`, a `uri` starting with `uri`, `chain_id`, version 1). A client address holds at most 20 unexpired nonces; beyond it, 429 with Retry-After.
         */
        post: operations["createSignInNonce"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passes/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A pass's live points
         * @description Points of live payouts net of reversals, in all and per campaign and earning period (`null`: outside any), scopes with no points left out; `payouts_count` counts the pass's live payouts, reversed ones included.
         */
        get: operations["getPass"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passes/{address}/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A pass's live payouts, newest first
         * @description Cursor-paged; `reversed` is true once the payout was reversed.
         */
        get: operations["listPassPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List public quests
         * @description Public live quests ordered by id, optionally of one owner, optionally only those of `ids`. No key needed; readable from any web page (CORS `*`). `with` is a comma list: `progress` adds `points_remaining` and `is_active`; `details` adds `url`, `action_type`, `pass_points_max`, `pass_payouts_max` and `pass_window`.
         */
        get: operations["listQuests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quests/{questId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quest details with its payouts (owner only)
         * @description The quest's budget and window with a page of its payouts, newest first. The key must belong to the quest's owner and be of the quest's mode (a test key reads test quests).
         */
        get: operations["getQuest"];
        put?: never;
        /**
         * Allocate points from the quest to a pass address (owner only)
         * @description Pays `points` from the quest's budget to a registered pass, atomically: two requests never spend the same points. Send an `Idempotency-Key` and retry with the same key after a timeout or a 5xx: a retry after a payout replays it (`Idempotent-Replayed: true`) and pays nothing again; a refusal keeps nothing, so its retry is decided afresh.
         */
        post: operations["allocatePoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quests/{questId}/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Allocate points to many passes at once (owner only)
         * @description Up to 1,000 items, decided in order against the running remainder in one transaction, with the rules of a single allocation. `results[i]` answers item i. With `atomic: true` any failed item makes the whole request 400 `BATCH_REJECTED` and nothing is paid. Each item's `idempotency_key` shares the namespace of the `Idempotency-Key` header of single allocations; the request may carry its own `Idempotency-Key`, which replays the whole first answer once it paid an item (a batch that paid nothing keeps nothing, and its retry is decided afresh).
         */
        post: operations["allocateBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quests/{questId}/payouts/{payoutId}/reversal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse a payout of the quest (owner only)
         * @description Puts the payout's amount back into `points_remaining`, at most once per payout, whatever the quest's window. The payout stays in the quest's payout list; the pass loses the points. Audited as `payout.reverse`.
         */
        post: operations["reversePayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quests/{questId}/reversals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The quest's reversals, newest first (owner only) */
        get: operations["listReversals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quests/{questId}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The quest's payouts per hour or day (owner only)
         * @description One row per UTC bucket with payouts, oldest first: `payouts` and the `points` they paid (reversals are not subtracted). Default range: the quest's start until now, the latest 1,000 buckets at most; a `since`..`until` longer than 1,000 buckets is 400.
         */
        get: operations["getQuestStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database is reachable; the chain node's status */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Newest first. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Subscribes an https URL to event types. The answer carries the signing `secret`, shown only here. At most 20 endpoints; beyond, 409 CONFLICT.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What webhook targets the service takes
         * @description Whether `http://` and loopback or private targets are taken (WEBHOOK_ALLOW_PRIVATE_TARGETS), so that a form can say so before an endpoint is added.
         */
        get: operations["getWebhookSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook endpoint (never its secret) */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its deliveries */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Any of `url`, `events`, `description`, `disabled`. Enabling a disabled endpoint forgets its past failures; deliveries that failed while it was disabled can be redelivered.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description One item per delivery of an event (a redelivery is another), newest first, with its last attempt. Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/events/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event to an endpoint again
         * @description Sends an event this endpoint was sent before once more, with the same `webhook-id` (the receiver's idempotency key). A disabled endpoint is 409.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description The new secret is shown only here. For 24 hours every message carries signatures by both secrets (space-separated in `webhook-signature`), so the receiver can switch without losing one. A secret replaced earlier keeps its own 24 hours: each live secret signs. At most 5 replaced secrets sign at once; one more rotation meanwhile is 409 CONFLICT, naming when the oldest stops.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to one endpoint
         * @description Queues a `webhook.test` event for this endpoint only, whatever it subscribed to. A disabled endpoint is 409.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** CampaignQuest */
        CampaignQuest: {
            campaign_id: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            description: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            end: string;
            expected_points_per_completion: number;
            id: number;
            is_public: boolean;
            name: string;
            owner_id: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            start: string;
            total_points: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        /** Payout */
        Payout: {
            account: {
                /** @example 0xFfFFFFff00000000000000000000000000000001 */
                pass: string;
            };
            amount: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            id: string;
        };
        /** Problem */
        Problem: {
            code: string;
            detail: string;
            errors?: {
                code?: string;
                field: string;
                message: string;
            }[];
            request_id?: string;
            status: number;
            title: string;
            type: string;
        };
        /** QuestDetail */
        QuestDetail: {
            description: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            end: string;
            id: number;
            is_active: boolean;
            name: string;
            payouts: components["schemas"]["Payout"][];
            points_remaining: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            start: string;
            total_points: number;
        };
        /** QuestPublic */
        QuestPublic: {
            /** @description Only with `with=details`: the quest's action type */
            action_type?: string;
            campaign: {
                description: string;
                id: number;
                name: string;
            } | null;
            description: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            end: string;
            expected_points_per_completion: number;
            id: number;
            /** @description Only with `with=progress`: enabled and `start <= now < end` */
            is_active?: boolean;
            name: string;
            /** @description Only with `with=details`. The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
            pass_payouts_max?: number | null;
            /** @description Only with `with=details`. The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
            pass_points_max?: number | null;
            /** @description Only with `with=details`. The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
            pass_window?: "day" | "week" | "earning_period" | "quest";
            /** @description Only with `with=progress`: points left in the budget */
            points_remaining?: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            start: string;
            total_points: number;
            /** @description Only with `with=details`. Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
            url?: string | null;
        };
        /** Reversal */
        Reversal: {
            amount: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            id: string;
            payout_id: string;
            reason: string;
        };
    };
    responses: never;
    parameters: {
        /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
        RequestId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAccounts: {
        parameters: {
            query?: {
                /**
                 * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                 * @example 0xFfFFFFff00000000000000000000000000000001
                 */
                pass?: string;
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            id: string;
                            /** @example 0xFfFFFFff00000000000000000000000000000001 */
                            pass: string;
                            /** @description When an operator suspended the pass (refused every allocation, on no leaderboard); `null` unless suspended */
                            suspended_at: string | null;
                            /** @description Why it was suspended; `null` unless suspended */
                            suspension_reason: string | null;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    registerAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: pass-address
                     * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                     * @example 0xFfFFFFff00000000000000000000000000000001
                     */
                    pass: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        id: string;
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        pass: string;
                        /** @description When an operator suspended the pass (refused every allocation, on no leaderboard); `null` unless suspended */
                        suspended_at: string | null;
                        /** @description Why it was suspended; `null` unless suspended */
                        suspension_reason: string | null;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        id: string;
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        pass: string;
                        /** @description When an operator suspended the pass (refused every allocation, on no leaderboard); `null` unless suspended */
                        suspended_at: string | null;
                        /** @description Why it was suspended; `null` unless suspended */
                        suspension_reason: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    suspendAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the account's id, a UUID */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: text
                     * @description Why, for the audit log and the other operators (sybil ring, abuse, …)
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        id: string;
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        pass: string;
                        /** @description When an operator suspended the pass (refused every allocation, on no leaderboard); `null` unless suspended */
                        suspended_at: string | null;
                        /** @description Why it was suspended; `null` unless suspended */
                        suspension_reason: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reinstateAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the account's id, a UUID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        id: string;
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        pass: string;
                        /** @description When an operator suspended the pass (refused every allocation, on no leaderboard); `null` unless suspended */
                        suspended_at: string | null;
                        /** @description Why it was suspended; `null` unless suspended */
                        suspension_reason: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listActionTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        name: string;
                        /** @description How many quests are of this type */
                        quests: number;
                    }[];
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setActionType: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description a slug: lower-case letters, digits, _ and - */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        name: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApplications: {
        parameters: {
            query?: {
                /** @description `pending` until the operator approves or rejects it */
                status?: "pending" | "approved" | "rejected";
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            campaign_id: number | null;
                            contact: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            decided_at: string | null;
                            id: number;
                            keys_claimed_at: string | null;
                            message: string | null;
                            /** @example 0xFfFFFFff00000000000000000000000000000001 */
                            owner: string;
                            /** @description the owner's account, with its quests and working keys; `null`: the owner pass has no account yet (approval registers it) */
                            owner_account: {
                                id: string;
                                /** @description its API keys that still work */
                                keys: number;
                                /** @description quests the account owns, of both modes */
                                quests: number;
                            } | null;
                            project: string;
                            quest: {
                                /** @description present when the applicant named one */
                                action_type?: string;
                                description: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-31T12:00:00.000Z
                                 */
                                end: string;
                                expected_points_per_completion: number;
                                name: string;
                                /** @description present when the applicant named it */
                                pass_payouts_max?: number | null;
                                /** @description present when the applicant named it */
                                pass_points_max?: number | null;
                                /** @description present when the applicant named it */
                                pass_window?: "day" | "week" | "earning_period" | "quest";
                                /**
                                 * Format: date-time
                                 * @example 2026-01-31T12:00:00.000Z
                                 */
                                start: string;
                                total_points: number;
                                /** @description present when the applicant named it */
                                url?: string | null;
                            };
                            quest_id: number | null;
                            reason: string | null;
                            /** @description `pending` until the operator approves or rejects it */
                            status: "pending" | "approved" | "rejected";
                            test_quest_id: number | null;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    approveApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the application's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: text
                     * @description a slug: lower-case letters, digits, _ and -
                     */
                    action_type?: string;
                    campaign_id?: number | null;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    end?: string;
                    expected_points_per_completion?: number;
                    /** @description of the live quest; default true */
                    is_public?: boolean;
                    /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                    pass_payouts_max?: number | null;
                    /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                    pass_points_max?: number | null;
                    /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                    pass_window?: "day" | "week" | "earning_period" | "quest";
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    start?: string;
                    total_points?: number;
                    /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                    url?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaign_id: number | null;
                        contact: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        decided_at: string | null;
                        id: number;
                        keys_claimed_at: string | null;
                        message: string | null;
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        owner: string;
                        /** @description the owner's account, with its quests and working keys; `null`: the owner pass has no account yet (approval registers it) */
                        owner_account: {
                            id: string;
                            /** @description its API keys that still work */
                            keys: number;
                            /** @description quests the account owns, of both modes */
                            quests: number;
                        } | null;
                        project: string;
                        quest: {
                            /** @description present when the applicant named one */
                            action_type?: string;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            expected_points_per_completion: number;
                            name: string;
                            /** @description present when the applicant named it */
                            pass_payouts_max?: number | null;
                            /** @description present when the applicant named it */
                            pass_points_max?: number | null;
                            /** @description present when the applicant named it */
                            pass_window?: "day" | "week" | "earning_period" | "quest";
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                            total_points: number;
                            /** @description present when the applicant named it */
                            url?: string | null;
                        };
                        quest_id: number | null;
                        reason: string | null;
                        /** @description `pending` until the operator approves or rejects it */
                        status: "pending" | "approved" | "rejected";
                        test_quest_id: number | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND`, `APPLICATION_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `APPLICATION_ALREADY_DECIDED` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rejectApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the application's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: text
                     * @description shown to the applicant
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaign_id: number | null;
                        contact: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        decided_at: string | null;
                        id: number;
                        keys_claimed_at: string | null;
                        message: string | null;
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        owner: string;
                        /** @description the owner's account, with its quests and working keys; `null`: the owner pass has no account yet (approval registers it) */
                        owner_account: {
                            id: string;
                            /** @description its API keys that still work */
                            keys: number;
                            /** @description quests the account owns, of both modes */
                            quests: number;
                        } | null;
                        project: string;
                        quest: {
                            /** @description present when the applicant named one */
                            action_type?: string;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            expected_points_per_completion: number;
                            name: string;
                            /** @description present when the applicant named it */
                            pass_payouts_max?: number | null;
                            /** @description present when the applicant named it */
                            pass_points_max?: number | null;
                            /** @description present when the applicant named it */
                            pass_window?: "day" | "week" | "earning_period" | "quest";
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                            total_points: number;
                            /** @description present when the applicant named it */
                            url?: string | null;
                        };
                        quest_id: number | null;
                        reason: string | null;
                        /** @description `pending` until the operator approves or rejects it */
                        status: "pending" | "approved" | "rejected";
                        test_quest_id: number | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND`, `APPLICATION_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `APPLICATION_ALREADY_DECIDED` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description a dotted action name, e.g. `quest.update` */
                action?: string;
                /** @description e.g. `quest`, `key`, `earning_period` */
                target_type?: string;
                /** @description the target's id, as text; a UUID in either case */
                target_id?: string;
                /** @description who made the change: `operator:<id>`, `operator:bootstrap` (ADMIN_TOKEN), `applicant`, `account:<id>`, `pass:<address>` or `service` */
                actor?: string;
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            action: string;
                            /** @description `operator:<id>` (`operator:bootstrap`: ADMIN_TOKEN), `applicant`, `account:<id>`, `pass:<address>` or `service` */
                            actor: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            at: string;
                            /** @description The changed fields; never a key or token */
                            details: {
                                [key: string]: unknown;
                            };
                            id: string;
                            request_id: string | null;
                            target_id: string;
                            target_type: string;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBackup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backup file: a gzip'd tar of the data directory */
            200: {
                headers: {
                    /** @description attachment; filename="questpoints-backup-2026-05-01T12-30-05Z.tar.gz" */
                    "content-disposition"?: string;
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/gzip": string;
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCampaignsAdmin: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            external_app_id: string | null;
                            id: number;
                            is_active: boolean;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    description: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    end: string;
                    external_app_id?: string | null;
                    is_active?: boolean;
                    /** Format: text */
                    name: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    start: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        external_app_id: string | null;
                        id: number;
                        is_active: boolean;
                        name: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    description?: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    end?: string;
                    external_app_id?: string | null;
                    is_active?: boolean;
                    /** Format: text */
                    name?: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    start?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        external_app_id: string | null;
                        id: number;
                        is_active: boolean;
                        name: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND`, `CAMPAIGN_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEarningPeriods: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createEarningPeriod: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    end: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    start: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        id: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteEarningPeriod: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `EARNING_PERIOD_IN_USE` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateEarningPeriod: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description start, end or both */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    end?: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    start?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        id: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFeatures: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaigns: boolean;
                        quests: boolean;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setFeatures: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    campaigns?: boolean;
                    quests?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaigns: boolean;
                        quests: boolean;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: {
                /**
                 * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                 * @example 0xFfFFFFff00000000000000000000000000000001
                 */
                owner?: string;
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            expires_at: string | null;
                            id: string;
                            /** @description Kept to the minute: written at most once a minute per key */
                            last_used_at: string | null;
                            /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                            mode: "live" | "test";
                            owner_id: string;
                            /** @description The key's first characters, to tell keys apart */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description `full` (default): whatever the owner may do; `read`: GET only (403 FORBIDDEN on POST, PATCH, DELETE) */
                            scope: "full" | "read";
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `live` (default) or `test` */
                    mode?: "live" | "test";
                    /**
                     * Format: pass-address
                     * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                     * @example 0xFfFFFFff00000000000000000000000000000001
                     */
                    owner: string;
                    /** @description `full` (default): whatever the owner may do; `read`: GET only (403 FORBIDDEN on POST, PATCH, DELETE) */
                    scope?: "full" | "read";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        id: string;
                        /** @description The plain key: shown only in this answer */
                        key: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        owner_id: string;
                        /** @description `full` (default): whatever the owner may do; `read`: GET only (403 FORBIDDEN on POST, PATCH, DELETE) */
                        scope: "full" | "read";
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST`, `ACCOUNT_NOT_FOUND` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeKeyByValue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The key's value, as reported; it is only hashed, never stored or logged */
                    key: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        revoked_at: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND`, `KEY_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the key's id, a UUID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the key's id, a UUID */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How long the old key keeps working, 0..604800 seconds (default 86400) */
                    grace_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        id: string;
                        /** @description The plain key: shown only in this answer */
                        key: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        owner_id: string;
                        /** @description `full` (default): whatever the owner may do; `read`: GET only (403 FORBIDDEN on POST, PATCH, DELETE) */
                        scope: "full" | "read";
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND`, `KEY_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperatorMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The operator's id, or `bootstrap` for ADMIN_TOKEN */
                        id: string;
                        name: string;
                        /** @description `viewer`: every GET under /admin, exports included; `support`: viewer, and decide applications, create, suspend and reinstate accounts, revoke keys, reverse payouts, redeliver webhooks; `admin`: everything */
                        role: "viewer" | "support" | "admin";
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOperators: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            disabled_at: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description Kept to the minute */
                            last_used_at: string | null;
                            name: string;
                            /** @description `viewer`: every GET under /admin, exports included; `support`: viewer, and decide applications, create, suspend and reinstate accounts, revoke keys, reverse payouts, redeliver webhooks; `admin`: everything */
                            role: "viewer" | "support" | "admin";
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOperator: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    name: string;
                    /** @description `viewer`: every GET under /admin, exports included; `support`: viewer, and decide applications, create, suspend and reinstate accounts, revoke keys, reverse payouts, redeliver webhooks; `admin`: everything */
                    role: "viewer" | "support" | "admin";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description `viewer`: every GET under /admin, exports included; `support`: viewer, and decide applications, create, suspend and reinstate accounts, revoke keys, reverse payouts, redeliver webhooks; `admin`: everything */
                        role: "viewer" | "support" | "admin";
                        /** @description `op_` + 40 base62 characters: shown only in this answer */
                        token: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateOperator: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true: its token answers 401 from now on; false: it works again */
                    disabled?: boolean;
                    /** @description `viewer`: every GET under /admin, exports included; `support`: viewer, and decide applications, create, suspend and reinstate accounts, revoke keys, reverse payouts, redeliver webhooks; `admin`: everything */
                    role?: "viewer" | "support" | "admin";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        disabled_at: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description Kept to the minute */
                        last_used_at: string | null;
                        name: string;
                        /** @description `viewer`: every GET under /admin, exports included; `support`: viewer, and decide applications, create, suspend and reinstate accounts, revoke keys, reverse payouts, redeliver webhooks; `admin`: everything */
                        role: "viewer" | "support" | "admin";
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateOperatorToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new token, shown only here; the old one answers 401 */
                        token: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                /** @description Payouts of this quest */
                quest_id?: number;
                /**
                 * @description Payouts to this pass: 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                 * @example 0xFfFFFFff00000000000000000000000000000001
                 */
                pass?: string;
                /** @description Payouts made in this earning period */
                earning_period_id?: number;
                /**
                 * @description Payouts created at or after this time (inclusive): ISO 8601 with an offset
                 * @example 2026-01-31T12:00:00.000Z
                 */
                since?: string;
                /**
                 * @description Payouts created before this time (exclusive): ISO 8601 with an offset
                 * @example 2026-01-31T12:00:00.000Z
                 */
                until?: string;
                /** @description `true`: only reversed payouts (`reversed_at` set); `false`: only payouts not reversed */
                reversed?: boolean;
                /** @description `json` (default): one page. `csv` or `ndjson`: every matching payout, streamed; `limit` and `cursor` are refused with these */
                format?: "json" | "csv" | "ndjson";
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payouts (json), or every matching payout (csv, ndjson) */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            amount: number;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            earning_period_id: number | null;
                            /** Format: uuid */
                            id: string;
                            /** @example 0xFfFFFFff00000000000000000000000000000001 */
                            pass: string;
                            quest_id: number;
                            /** @description When the payout was reversed (its amount put back into the quest's budget); null unless reversed. The payout's `amount` stays as paid: a quest's budget reconciles as `total_points - points_remaining` = the sum of `amount` over its payouts whose `reversed_at` is null. In the CSV, an empty field when null */
                            reversed_at: string | null;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminReversePayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                payoutId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reversal: components["schemas"]["Reversal"];
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND`, `PAYOUT_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYOUT_ALREADY_REVERSED` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listQuestsAdmin: {
        parameters: {
            query?: {
                /**
                 * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                 * @example 0xFfFFFFff00000000000000000000000000000001
                 */
                owner?: string;
                campaign_id?: number;
                /** @description `live` (default) or `test` */
                mode?: "live" | "test";
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            action_type: string;
                            campaign_id: number | null;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            expected_points_per_completion: number;
                            id: number;
                            is_active: boolean;
                            is_public: boolean;
                            /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                            mode: "live" | "test";
                            name: string;
                            owner_id: string;
                            /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                            pass_payouts_max: number | null;
                            /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                            pass_points_max: number | null;
                            /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                            pass_window: "day" | "week" | "earning_period" | "quest";
                            points_remaining: number;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                            total_points: number;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            updated_at: string;
                            /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                            url: string | null;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createQuest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: text
                     * @description a slug: lower-case letters, digits, _ and -
                     */
                    action_type?: string;
                    campaign_id?: number | null;
                    /** Format: text */
                    description: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    end: string;
                    expected_points_per_completion: number;
                    is_active?: boolean;
                    is_public?: boolean;
                    /** @description `live` (default) or `test` */
                    mode?: "live" | "test";
                    /** Format: text */
                    name: string;
                    /**
                     * Format: pass-address
                     * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                     * @example 0xFfFFFFff00000000000000000000000000000001
                     */
                    owner: string;
                    /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                    pass_payouts_max?: number | null;
                    /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                    pass_points_max?: number | null;
                    /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                    pass_window?: "day" | "week" | "earning_period" | "quest";
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    start: string;
                    total_points: number;
                    /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                    url?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action_type: string;
                        campaign_id: number | null;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        expected_points_per_completion: number;
                        id: number;
                        is_active: boolean;
                        is_public: boolean;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        name: string;
                        owner_id: string;
                        /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                        pass_payouts_max: number | null;
                        /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                        pass_points_max: number | null;
                        /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                        pass_window: "day" | "week" | "earning_period" | "quest";
                        points_remaining: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        total_points: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        updated_at: string;
                        /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                        url: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST`, `ACCOUNT_NOT_FOUND` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateQuest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                questId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: text
                     * @description a slug: lower-case letters, digits, _ and -
                     */
                    action_type?: string;
                    campaign_id?: number | null;
                    /** Format: text */
                    description?: string;
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    end?: string;
                    expected_points_per_completion?: number;
                    is_active?: boolean;
                    is_public?: boolean;
                    /** Format: text */
                    name?: string;
                    /**
                     * Format: pass-address
                     * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                     * @example 0xFfFFFFff00000000000000000000000000000001
                     */
                    owner?: string;
                    /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                    pass_payouts_max?: number | null;
                    /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                    pass_points_max?: number | null;
                    /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                    pass_window?: "day" | "week" | "earning_period" | "quest";
                    /**
                     * Format: timestamp
                     * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                     * @example 2026-01-31T12:00:00.000Z
                     */
                    start?: string;
                    total_points?: number;
                    /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                    url?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action_type: string;
                        campaign_id: number | null;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        expected_points_per_completion: number;
                        id: number;
                        is_active: boolean;
                        is_public: boolean;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        name: string;
                        owner_id: string;
                        /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                        pass_payouts_max: number | null;
                        /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                        pass_points_max: number | null;
                        /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                        pass_window: "day" | "week" | "earning_period" | "quest";
                        points_remaining: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        total_points: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        updated_at: string;
                        /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                        url: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST`, `ACCOUNT_NOT_FOUND` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND`, `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAdminWebhooks: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            description: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            events: string[];
                            /** Format: uuid */
                            id: string;
                            /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                            mode: "live" | "test";
                            url: string;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createAdminWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    description?: string;
                    /** @description Event types to receive: owners `payout.created`, `payout.reversed`, `quest.budget_low`, `quest.budget_exhausted`, `webhook.test`; operators `account.suspended`, `account.reinstated`, `application.submitted`, `application.decided`, `key.revoked`, `quest.budget_exhausted`, `webhook.test` */
                    events: string[];
                    /**
                     * Format: text
                     * @description https:// only; loopback, private and link-local targets are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        /** @description `whsec_` + base64 of 32 random bytes: shown only in this answer */
                        secret: string;
                        url: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminWebhookSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `true` when the service takes `http://` and loopback or private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS, for development); `false`: only `https://` to public addresses */
                        allow_private_targets: boolean;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        url: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateAdminWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    description?: string;
                    /** @description true disables; false enables again and forgets past failures */
                    disabled?: boolean;
                    /** @description Event types to receive: owners `payout.created`, `payout.reversed`, `quest.budget_low`, `quest.budget_exhausted`, `webhook.test`; operators `account.suspended`, `account.reinstated`, `application.submitted`, `application.decided`, `key.revoked`, `quest.budget_exhausted`, `webhook.test` */
                    events?: string[];
                    /**
                     * Format: text
                     * @description https:// only; loopback, private and link-local targets are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        url: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAdminWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @description The last attempt's time; before any attempt, when it was queued
                             */
                            at: string;
                            /** @description Attempts made so far */
                            attempt: number;
                            duration_ms: number | null;
                            error: string | null;
                            event_id: string;
                            event_type: string;
                            /** Format: uuid */
                            id: string;
                            /** @description When the next attempt is due (pending only) */
                            next_attempt_at: string | null;
                            status: "pending" | "succeeded" | "failed";
                            /** @description The last attempt's HTTP status; null when none came */
                            status_code: number | null;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverAdminWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The `webhook-id` the receiver will see */
                        event_id: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateAdminWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        previous_secret_valid_until: string;
                        /** @description The new secret, shown only here */
                        secret: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendAdminWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The `webhook-id` the receiver will see */
                        event_id: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    submitApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    campaign_id?: number | null;
                    /**
                     * Format: text
                     * @description an e-mail address or a handle the operator can reach you at
                     */
                    contact: string;
                    /** Format: text */
                    message?: string;
                    /**
                     * Format: pass-address
                     * @description The pass address that will own the quests and the keys; it need not be registered yet. 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                     * @example 0xFfFFFFff00000000000000000000000000000001
                     */
                    owner: string;
                    /** Format: text */
                    project: string;
                    /** @description An EIP-4361 message signed by `owner` (built from its own nonce of POST /passes/nonces, checked as POST /passes checks it): whoever applies must hold the owner address, whose quests and keys the application reaches */
                    proof: {
                        /**
                         * Format: text
                         * @description An EIP-4361 (Sign-In with Ethereum) message built from a fresh nonce
                         */
                        message: string;
                        /**
                         * Format: text
                         * @description 0x + hex: the personal-sign (ERC-191) signature of `message` by its address
                         */
                        signature: string;
                    };
                    quest: {
                        /**
                         * Format: text
                         * @description a slug: lower-case letters, digits, _ and -
                         */
                        action_type?: string;
                        /**
                         * Format: text
                         * @description optional; empty when left out
                         */
                        description?: string;
                        /**
                         * Format: timestamp
                         * @description after `start`, and in the future
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        expected_points_per_completion: number;
                        /** Format: text */
                        name: string;
                        /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                        pass_payouts_max?: number | null;
                        /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                        pass_points_max?: number | null;
                        /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                        pass_window?: "day" | "week" | "earning_period" | "quest";
                        /**
                         * Format: timestamp
                         * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        total_points: number;
                        /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                        url?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        id: number;
                        /** @enum {string} */
                        status: "pending";
                        /** @description `ap_` + 40 base62 characters: shown only in this answer (the service keeps its hash). Send it as `x-application-token` to read the application and claim its keys. */
                        token: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST`, `SIWE_MESSAGE_INVALID`, `NONCE_INVALID` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SIGNATURE_INVALID` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CHAIN_UNAVAILABLE`, `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the application's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaign_id: number | null;
                        contact: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        decided_at: string | null;
                        id: number;
                        keys_claimed_at: string | null;
                        message: string | null;
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        owner: string;
                        project: string;
                        quest: {
                            /** @description present when the applicant named one */
                            action_type?: string;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            expected_points_per_completion: number;
                            name: string;
                            /** @description present when the applicant named it */
                            pass_payouts_max?: number | null;
                            /** @description present when the applicant named it */
                            pass_points_max?: number | null;
                            /** @description present when the applicant named it */
                            pass_window?: "day" | "week" | "earning_period" | "quest";
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                            total_points: number;
                            /** @description present when the applicant named it */
                            url?: string | null;
                        };
                        quest_id: number | null;
                        reason: string | null;
                        /** @description `pending` until the operator approves or rejects it */
                        status: "pending" | "approved" | "rejected";
                        test_quest_id: number | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_APPLICATION_TOKEN` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `APPLICATION_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    claimApplicationKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description the application's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `full` (default): whatever the owner may do; `read`: GET only (403 FORBIDDEN on POST, PATCH, DELETE) */
                    scope?: "full" | "read";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The live key (`sk_…`): shown only in this answer */
                        api_key: string;
                        /** @description The service's address as this request reached it (scheme and host) */
                        base_url: string;
                        /** @description Markdown: quest ids, ready-to-paste curl commands, error codes, retries */
                        instructions: string;
                        quest_id: number;
                        /** @description The test key (`sk_test_…`): shown only in this answer */
                        test_api_key: string;
                        test_quest_id: number;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_APPLICATION_TOKEN` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `APPLICATION_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `APPLICATION_NOT_APPROVED`, `APPLICATION_REJECTED`, `KEYS_ALREADY_CLAIMED` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            external_app_id: string | null;
                            id: number;
                            is_active: boolean;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `CAMPAIGNS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        external_app_id: string | null;
                        id: number;
                        is_active: boolean;
                        name: string;
                        quests: components["schemas"]["CampaignQuest"][];
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `CAMPAIGNS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CAMPAIGN_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPublicEarningPeriods: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        id: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                    }[];
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeaderboard: {
        parameters: {
            query?: {
                earning_period_id?: number;
                campaign_id?: number;
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaign_id: number | null;
                        earning_period_id: number | null;
                        items: {
                            /** @example 0xFfFFFFff00000000000000000000000000000001 */
                            pass: string;
                            points: number;
                            /** @description 1 + the number of passes with strictly more points */
                            rank: number;
                        }[];
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            id: string;
                            /** @example 0xFfFFFFff00000000000000000000000000000001 */
                            pass: string;
                        };
                        key: {
                            expires_at: string | null;
                            id: string;
                            /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                            mode: "live" | "test";
                            prefix: string;
                            /** @description `full` (default): whatever the owner may do; `read`: GET only (403 FORBIDDEN on POST, PATCH, DELETE) */
                            scope: "full" | "read";
                        };
                        quests: {
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            end: string;
                            id: number;
                            is_active: boolean;
                            name: string;
                            /** @description The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit */
                            pass_payouts_max: number | null;
                            /** @description The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit */
                            pass_points_max: number | null;
                            /** @description The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default) */
                            pass_window: "day" | "week" | "earning_period" | "quest";
                            points_remaining: number;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            start: string;
                            total_points: number;
                            /** @description Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none */
                            url: string | null;
                        }[];
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus exposition format */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Problem details; `code` is one of `UNAUTHORIZED` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    joinWithWallet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: text
                     * @description An EIP-4361 (Sign-In with Ethereum) message built from a fresh nonce
                     */
                    message: string;
                    /**
                     * Format: text
                     * @description 0x + hex: the personal-sign (ERC-191) signature of `message` by its address
                     */
                    signature: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            id: string;
                            /** @example 0xFfFFFFff00000000000000000000000000000001 */
                            pass: string;
                        };
                        /**
                         * @description The address that signed the message
                         * @example 0xFfFFFFff00000000000000000000000000000001
                         */
                        signer: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            id: string;
                            /** @example 0xFfFFFFff00000000000000000000000000000001 */
                            pass: string;
                        };
                        /**
                         * @description The address that signed the message
                         * @example 0xFfFFFFff00000000000000000000000000000001
                         */
                        signer: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST`, `SIWE_MESSAGE_INVALID`, `NONCE_INVALID` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SIGNATURE_INVALID` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CHAIN_UNAVAILABLE`, `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSignInNonce: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The message's `Chain ID` */
                        chain_id: number;
                        /** @description The message's `domain`: this service's host and port */
                        domain: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        expires_at: string;
                        /** @description Alphanumeric, single use, valid 10 minutes */
                        nonce: string;
                        /** @description The message's `uri` must start with this */
                        uri: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPass: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                 * @example 0xFfFFFFff00000000000000000000000000000001
                 */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        by_campaign: {
                            campaign_id: number | null;
                            points: number;
                        }[];
                        by_earning_period: {
                            earning_period_id: number | null;
                            points: number;
                        }[];
                        /** @example 0xFfFFFFff00000000000000000000000000000001 */
                        pass: string;
                        /** @description Live payouts, reversed ones included */
                        payouts_count: number;
                        /** @description Live points, net of reversals */
                        points: number;
                        /** @description As on the overall leaderboard: 1 + the number of passes with strictly more points; `null` with 0 points, and for a suspended pass */
                        rank: number | null;
                        /** @description Suspended by an operator: refused every allocation and on no leaderboard (its points stay) */
                        suspended: boolean;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PASS_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPassPayouts: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                /**
                 * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                 * @example 0xFfFFFFff00000000000000000000000000000001
                 */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            amount: number;
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            id: string;
                            quest_id: number;
                            quest_name: string;
                            reversed: boolean;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PASS_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listQuests: {
        parameters: {
            query?: {
                /**
                 * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                 * @example 0xFfFFFFff00000000000000000000000000000001
                 */
                owner?: string;
                limit?: number;
                offset?: number;
                /**
                 * @description A comma list: `progress` adds `points_remaining` and `is_active` to each quest; `details` adds `url`, `action_type`, `pass_points_max`, `pass_payouts_max` and `pass_window`
                 * @example progress,details
                 */
                with?: string;
                /**
                 * @description Only these quests (1 to 100 positive integers, comma-separated), still in id order; an id that is not a public live quest is left out
                 * @example 7,9
                 */
                ids?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuestPublic"][];
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getQuest: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                questId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        end: string;
                        id: number;
                        is_active: boolean;
                        name: string;
                        payouts: components["schemas"]["Payout"][];
                        points_remaining: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        total_points: number;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    allocatePoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters; a retry with it pays at most once */
                "idempotency-key"?: string;
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                questId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: pass-address
                     * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                     * @example 0xFfFFFFff00000000000000000000000000000001
                     */
                    address: string;
                    points: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payout: components["schemas"]["Payout"];
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST`, `ACTION_TYPE_INACTIVE`, `QUEST_NOT_ACTIVE`, `NO_ACTIVE_EARNING_PERIOD`, `ACCOUNT_NOT_FOUND`, `ACCOUNT_SUSPENDED`, `PASS_LIMIT_REACHED`, `INSUFFICIENT_POINTS`, `PASS_POINTS_LIMIT` */
            400: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `IDEMPOTENCY_IN_PROGRESS` */
            409: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    allocateBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 printable ASCII characters; a retry replays the whole answer of a batch that paid */
                "idempotency-key"?: string;
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                questId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allocations: {
                        /**
                         * Format: pass-address
                         * @description 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
                         * @example 0xFfFFFFff00000000000000000000000000000001
                         */
                        address: string;
                        /** @description 1-255 printable ASCII characters, in the namespace of the `Idempotency-Key` header: a retried item replays its payout and pays nothing again; a refused item keeps nothing */
                        idempotency_key?: string;
                        points: number;
                    }[];
                    /**
                     * @description true: if any item fails, nothing is paid (400 BATCH_REJECTED)
                     * @default false
                     */
                    atomic?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Items this request paid (replays not counted) */
                        paid_count: number;
                        /** @description Points this request paid */
                        paid_points: number;
                        results: {
                            /** @description Refused items: the error code */
                            code?: string;
                            detail?: string;
                            payout?: components["schemas"]["Payout"];
                            /** @description Paid items: true when the item's idempotency key replayed */
                            replayed?: boolean;
                            /** @description 200 paid; else the HTTP status of the item's code */
                            status: number;
                        }[];
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST`, `BATCH_REJECTED` */
            400: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `IDEMPOTENCY_IN_PROGRESS` */
            409: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reversePayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                questId: number;
                payoutId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reversal: components["schemas"]["Reversal"];
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND`, `PAYOUT_NOT_FOUND` */
            404: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYOUT_ALREADY_REVERSED` */
            409: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description `true` when this answer replays the first one made with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listReversals: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                questId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reversal"][];
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getQuestStats: {
        parameters: {
            query?: {
                /** @description UTC hours (default) or days */
                bucket?: "hour" | "day";
                /**
                 * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                 * @example 2026-01-31T12:00:00.000Z
                 */
                since?: string;
                /**
                 * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                 * @example 2026-01-31T12:00:00.000Z
                 */
                until?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                questId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per bucket with payouts, oldest first, at most 1000 */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        at: string;
                        payouts: number;
                        /** @description Points paid in the bucket (reversals not subtracted) */
                        points: number;
                    }[];
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @example 2026-01-31T12:00:00.000Z
                             */
                            created_at: string;
                            description: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            events: string[];
                            /** Format: uuid */
                            id: string;
                            /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                            mode: "live" | "test";
                            url: string;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    description?: string;
                    /** @description Event types to receive: owners `payout.created`, `payout.reversed`, `quest.budget_low`, `quest.budget_exhausted`, `webhook.test`; operators `account.suspended`, `account.reinstated`, `application.submitted`, `application.decided`, `key.revoked`, `quest.budget_exhausted`, `webhook.test` */
                    events: string[];
                    /**
                     * Format: text
                     * @description https:// only; loopback, private and link-local targets are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        /** @description `whsec_` + base64 of 32 random bytes: shown only in this answer */
                        secret: string;
                        url: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `true` when the service takes `http://` and loopback or private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS, for development); `false`: only `https://` to public addresses */
                        allow_private_targets: boolean;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        url: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: text */
                    description?: string;
                    /** @description true disables; false enables again and forgets past failures */
                    disabled?: boolean;
                    /** @description Event types to receive: owners `payout.created`, `payout.reversed`, `quest.budget_low`, `quest.budget_exhausted`, `webhook.test`; operators `account.suspended`, `account.reinstated`, `application.submitted`, `application.decided`, `key.revoked`, `quest.budget_exhausted`, `webhook.test` */
                    events?: string[];
                    /**
                     * Format: text
                     * @description https:// only; loopback, private and link-local targets are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        created_at: string;
                        description: string;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        /** @description `test` quests and keys follow every rule of live ones but never show in public data */
                        mode: "live" | "test";
                        url: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Items per page, 1..500 (default 100) */
                limit?: number;
                /** @description `next_cursor` of the previous page; omit for the first page */
                cursor?: string;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /**
                             * Format: date-time
                             * @description The last attempt's time; before any attempt, when it was queued
                             */
                            at: string;
                            /** @description Attempts made so far */
                            attempt: number;
                            duration_ms: number | null;
                            error: string | null;
                            event_id: string;
                            event_type: string;
                            /** Format: uuid */
                            id: string;
                            /** @description When the next attempt is due (pending only) */
                            next_attempt_at: string | null;
                            status: "pending" | "succeeded" | "failed";
                            /** @description The last attempt's HTTP status; null when none came */
                            status_code: number | null;
                        }[];
                        /** @description Pass as `cursor` to read the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The `webhook-id` the receiver will see */
                        event_id: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        previous_secret_valid_until: string;
                        /** @description The new secret, shown only here */
                        secret: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: your own id for this request, adopted when 1..128 printable ASCII characters */
                "x-request-id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The `webhook-id` the receiver will see */
                        event_id: string;
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY` */
            401: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `FORBIDDEN` */
            403: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `NOT_FOUND` */
            404: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `CONFLICT` */
            409: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    /** @description The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or one the service made. Problem bodies repeat it as `request_id`; every log line has it. */
                    "x-request-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
