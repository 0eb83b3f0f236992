/**
 * Generated from openapi.json by openapi-typescript@7: do not edit.
 * Regenerate with `npm run client:generate` (it runs `npm run openapi` first).
 */

export interface paths {
    "/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a pass address as an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
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
                        };
                    };
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        /** Activate or deactivate an action type */
        put: {
            parameters: {
                query?: never;
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            name: string;
                        };
                    };
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        get?: never;
        put?: never;
        /** Create a campaign */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        /** Change a campaign */
        patch: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/earning-periods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Define an earning period; periods never overlap */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/features": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the feature switches */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaigns: boolean;
                            quests: boolean;
                        };
                    };
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Switch features on or off; every process follows within one second */
        put: {
            parameters: {
                query?: never;
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaigns: boolean;
                            quests: boolean;
                        };
                    };
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        get?: never;
        put?: never;
        /** Issue an API key to an account; the key is shown only in this answer */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
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
                        };
                    };
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        /** Revoke an API key */
        delete: {
            parameters: {
                query?: never;
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        get?: never;
        put?: never;
        /** Create a quest */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                        /**
                         * Format: timestamp
                         * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start: string;
                        total_points: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
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
                        };
                    };
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        /** Change a quest; total_points moves points_remaining by the same amount */
        patch: {
            parameters: {
                query?: never;
                header?: never;
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
                        /**
                         * Format: timestamp
                         * @description ISO 8601 date-time with an offset, from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z
                         * @example 2026-01-31T12:00:00.000Z
                         */
                        start?: string;
                        total_points?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                        };
                    };
                };
                /** @description Problem details with a stable `code` (see the contract) */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description INTERNAL or SERVICE_UNAVAILABLE; never a stack trace */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Campaign details with its public quests */
        get: {
            parameters: {
                query?: never;
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of `CAMPAIGN_NOT_FOUND` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of `URI_TOO_LONG` */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of `RATE_LIMITED` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of `INTERNAL` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
         * @description Public live quests ordered by id, optionally of one owner. No key needed; readable from any web page (CORS `*`). `with=progress` adds `points_remaining` and `is_active`.
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
         * @description Pays `points` from the quest's budget to a registered pass, atomically: two requests never spend the same points. Send an `Idempotency-Key` and retry with the same key after a timeout or a 5xx: a retry replays the first answer (`Idempotent-Replayed: true`) and pays nothing again.
         */
        post: operations["allocatePoints"];
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
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
            /** @description Only with `with=progress`: points left in the budget */
            points_remaining?: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            start: string;
            total_points: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
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
                /** @description `progress` adds `points_remaining` and `is_active` to each quest */
                with?: "progress";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuestPublic"][];
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
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
            header?: never;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payout: components["schemas"]["Payout"];
                    };
                };
            };
            /** @description Problem details; `code` is one of `QUESTS_DISABLED`, `BAD_REQUEST`, `ACTION_TYPE_INACTIVE`, `QUEST_NOT_ACTIVE`, `NO_ACTIVE_EARNING_PERIOD`, `ACCOUNT_NOT_FOUND`, `INSUFFICIENT_POINTS` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INVALID_API_KEY`, `NOT_QUEST_OWNER`, `KEY_MODE_MISMATCH` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `QUEST_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `IDEMPOTENCY_IN_PROGRESS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `URI_TOO_LONG` */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `RATE_LIMITED` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `HEADERS_TOO_LARGE` */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `INTERNAL` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details; `code` is one of `SERVICE_UNAVAILABLE` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
