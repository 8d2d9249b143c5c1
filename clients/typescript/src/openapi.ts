/**
 * Generated from Ginko's own /openapi.json by openapi-typescript: do not edit by hand.
 * Regenerate it against a running Ginko (`npm start` in the repository) with
 *   npm run client:generate
 * (clients/typescript/README.md). The repository's tests fail while this file differs from
 * what the server publishes.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 once the dataset is loaded; no key needed */
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
                            /** @enum {string} */
                            status: "ok";
                            /** @example 2026-08-24T00:00:00+0900 */
                            version: string;
                            /** @example 1146 */
                            banks: number;
                            /** @example 28944 */
                            branches: number;
                            /**
                             * @description true while keyed routes answer 503 for maintenance
                             * @example false
                             */
                            maintenance: boolean;
                        };
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
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format 0.0.4); no key needed (docs/operations.md#metrics) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Metrics in the Prometheus text format */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
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
    "/v1/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List banks */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
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
                        "application/json": {
                            data: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code?: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v1/banks/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bank */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    code: string;
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
                             * @description Bank code, 4 half-width digits
                             * @example 0001
                             */
                            code: string;
                            /**
                             * @description Full name with the type suffix
                             * @example みずほ銀行
                             */
                            name: string;
                            /**
                             * @description Half-width katakana and printable ASCII only
                             * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                             */
                            halfWidthKana: string;
                            /**
                             * @description Full-width katakana and full-width ASCII forms only
                             * @example ミズホギンコウ
                             */
                            fullWidthKana: string;
                            /**
                             * @description Hiragana and full-width ASCII forms only
                             * @example みずほぎんこう
                             */
                            hiragana: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v1/banks/{bankCode}/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the branches of a bank */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
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
                            data: {
                                /**
                                 * @description Branch code, 3 half-width digits
                                 * @example 001
                                 */
                                code?: string;
                                /**
                                 * @description Branch name
                                 * @example 東京営業部
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example トウキヨウエイギヨウブ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example とうきようえいぎようぶ
                                 */
                                hiragana?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v1/banks/{bankCode}/branches/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a branch by code */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
                    /** @description Branch code, 3 digits */
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every branch of the bank with this code (several where codes repeat) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description Branch code, 3 half-width digits
                             * @example 001
                             */
                            code?: string;
                            /**
                             * @description Branch name
                             * @example 東京営業部
                             */
                            name?: string;
                            /**
                             * @description Half-width katakana and printable ASCII only
                             * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                             */
                            halfWidthKana?: string;
                            /**
                             * @description Full-width katakana and full-width ASCII forms only
                             * @example トウキヨウエイギヨウブ
                             */
                            fullWidthKana?: string;
                            /**
                             * @description Hiragana and full-width ASCII forms only
                             * @example とうきようえいぎようぶ
                             */
                            hiragana?: string;
                        }[];
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v1/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database version */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List banks */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
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
                        "application/json": {
                            data: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code?: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana?: string;
                                /**
                                 * @description Institution type code, 5 digits
                                 * @example 00200
                                 */
                                businessTypeCode?: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                businessType?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/banks/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bank */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    code: string;
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
                             * @description Bank code, 4 half-width digits
                             * @example 0001
                             */
                            code: string;
                            /**
                             * @description Full name with the type suffix
                             * @example みずほ銀行
                             */
                            name: string;
                            /**
                             * @description Half-width katakana and printable ASCII only
                             * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                             */
                            halfWidthKana: string;
                            /**
                             * @description Full-width katakana and full-width ASCII forms only
                             * @example ミズホギンコウ
                             */
                            fullWidthKana: string;
                            /**
                             * @description Hiragana and full-width ASCII forms only
                             * @example みずほぎんこう
                             */
                            hiragana: string;
                            /**
                             * @description Institution type code, 5 digits
                             * @example 00200
                             */
                            businessTypeCode: string;
                            /**
                             * @description Institution type name
                             * @example 都市銀行
                             */
                            businessType: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/banks/{bankCode}/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the branches of a bank */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
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
                            data: {
                                /**
                                 * @description Branch code, 3 half-width digits
                                 * @example 001
                                 */
                                code?: string;
                                /**
                                 * @description Branch name
                                 * @example 東京営業部
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example トウキヨウエイギヨウブ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example とうきようえいぎようぶ
                                 */
                                hiragana?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/banks/{bankCode}/branches/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a branch by code */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
                    /** @description Branch code, 3 digits */
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every branch of the bank with this code (several where codes repeat) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description Branch code, 3 half-width digits
                             * @example 001
                             */
                            code?: string;
                            /**
                             * @description Branch name
                             * @example 東京営業部
                             */
                            name?: string;
                            /**
                             * @description Half-width katakana and printable ASCII only
                             * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                             */
                            halfWidthKana?: string;
                            /**
                             * @description Full-width katakana and full-width ASCII forms only
                             * @example トウキヨウエイギヨウブ
                             */
                            fullWidthKana?: string;
                            /**
                             * @description Hiragana and full-width ASCII forms only
                             * @example とうきようえいぎようぶ
                             */
                            hiragana?: string;
                        }[];
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/freeword/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search banks by name or reading (freeword) */
        get: {
            parameters: {
                query: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
                    /** @description Search text: name, kana or hiragana, any width or script */
                    freeword: string;
                    /** @description Institution type code, 5 digits; repeat for OR (businessTypeCode[]= accepted) */
                    businessTypeCode?: string | string[];
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
                        "application/json": {
                            data: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code?: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana?: string;
                                /**
                                 * @description Institution type code, 5 digits
                                 * @example 00200
                                 */
                                businessTypeCode?: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                businessType?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/freeword/banks/{bankCode}/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search a bank's branches by name or reading (freeword) */
        get: {
            parameters: {
                query: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
                    /** @description Search text: name, kana or hiragana, any width or script */
                    freeword: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
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
                            data: {
                                /**
                                 * @description Branch code, 3 half-width digits
                                 * @example 001
                                 */
                                code?: string;
                                /**
                                 * @description Branch name
                                 * @example 東京営業部
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example トウキヨウエイギヨウブ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example とうきようえいぎようぶ
                                 */
                                hiragana?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/businessTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List institution types */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
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
                        "application/json": {
                            data: {
                                /**
                                 * @description Institution type code
                                 * @example 00200
                                 */
                                code?: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                name?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v2/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database version */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List banks */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
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
                        "application/json": {
                            banks: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code?: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana?: string;
                                /**
                                 * @description Institution type code, 5 digits
                                 * @example 00200
                                 */
                                businessTypeCode?: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                businessType?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/banks/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bank */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    code: string;
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
                             * @description Bank code, 4 half-width digits
                             * @example 0001
                             */
                            code: string;
                            /**
                             * @description Full name with the type suffix
                             * @example みずほ銀行
                             */
                            name: string;
                            /**
                             * @description Half-width katakana and printable ASCII only
                             * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                             */
                            halfWidthKana: string;
                            /**
                             * @description Full-width katakana and full-width ASCII forms only
                             * @example ミズホギンコウ
                             */
                            fullWidthKana: string;
                            /**
                             * @description Hiragana and full-width ASCII forms only
                             * @example みずほぎんこう
                             */
                            hiragana: string;
                            /**
                             * @description Institution type code, 5 digits
                             * @example 00200
                             */
                            businessTypeCode: string;
                            /**
                             * @description Institution type name
                             * @example 都市銀行
                             */
                            businessType: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/banks/{bankCode}/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the branches of a bank */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
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
                            branches: {
                                /**
                                 * @description Branch code, 3 half-width digits
                                 * @example 001
                                 */
                                code?: string;
                                /**
                                 * @description Branch name
                                 * @example 東京営業部
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example トウキヨウエイギヨウブ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example とうきようえいぎようぶ
                                 */
                                hiragana?: string;
                            }[];
                            bank: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana: string;
                                /**
                                 * @description Institution type code, 5 digits
                                 * @example 00200
                                 */
                                businessTypeCode: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                businessType: string;
                            };
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/banks/{bankCode}/branches/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a branch by code */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
                    /** @description Branch code, 3 digits */
                    code: string;
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
                            bank: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana: string;
                                /**
                                 * @description Institution type code, 5 digits
                                 * @example 00200
                                 */
                                businessTypeCode: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                businessType: string;
                            };
                            branch: {
                                /**
                                 * @description Branch code, 3 half-width digits
                                 * @example 001
                                 */
                                code?: string;
                                /**
                                 * @description Branch name
                                 * @example 東京営業部
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example トウキヨウエイギヨウブ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example とうきようえいぎようぶ
                                 */
                                hiragana?: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/freeword/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search banks by name or reading (freeword) */
        get: {
            parameters: {
                query: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
                    /** @description Search text: name, kana or hiragana, any width or script */
                    freeword: string;
                    /** @description Institution type code, 5 digits; repeat for OR (businessTypeCode[]= accepted) */
                    businessTypeCode?: string | string[];
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
                        "application/json": {
                            banks: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code?: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana?: string;
                                /**
                                 * @description Institution type code, 5 digits
                                 * @example 00200
                                 */
                                businessTypeCode?: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                businessType?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/freeword/banks/{bankCode}/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search a bank's branches by name or reading (freeword) */
        get: {
            parameters: {
                query: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
                    /** @description Search text: name, kana or hiragana, any width or script */
                    freeword: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
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
                            branches: {
                                /**
                                 * @description Branch code, 3 half-width digits
                                 * @example 001
                                 */
                                code?: string;
                                /**
                                 * @description Branch name
                                 * @example 東京営業部
                                 */
                                name?: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ
                                 */
                                halfWidthKana?: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example トウキヨウエイギヨウブ
                                 */
                                fullWidthKana?: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example とうきようえいぎようぶ
                                 */
                                hiragana?: string;
                            }[];
                            bank: {
                                /**
                                 * @description Bank code, 4 half-width digits
                                 * @example 0001
                                 */
                                code: string;
                                /**
                                 * @description Full name with the type suffix
                                 * @example みずほ銀行
                                 */
                                name: string;
                                /**
                                 * @description Half-width katakana and printable ASCII only
                                 * @example ﾐｽﾞﾎｷﾞﾝｺｳ
                                 */
                                halfWidthKana: string;
                                /**
                                 * @description Full-width katakana and full-width ASCII forms only
                                 * @example ミズホギンコウ
                                 */
                                fullWidthKana: string;
                                /**
                                 * @description Hiragana and full-width ASCII forms only
                                 * @example みずほぎんこう
                                 */
                                hiragana: string;
                                /**
                                 * @description Institution type code, 5 digits
                                 * @example 00200
                                 */
                                businessTypeCode: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                businessType: string;
                            };
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/businessTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List institution types */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                    /** @description JSONP callback name, at most 1000 characters */
                    callback?: string;
                    /** @description Comma-separated fields to keep in each resource */
                    fields?: string;
                    /** @description 1 to 2000; default 20 (2000 for institution types) */
                    limit?: number;
                    /** @description nextCursor or prevCursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or) */
                    filter?: string;
                    /** @description Comma-separated fields, + ascending (default) or - descending */
                    sort?: string;
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
                        "application/json": {
                            businessTypes: {
                                /**
                                 * @description Institution type code
                                 * @example 00200
                                 */
                                code?: string;
                                /**
                                 * @description Institution type name
                                 * @example 都市銀行
                                 */
                                name?: string;
                            }[];
                            /** @description Number of items in this page */
                            size: number;
                            limit: number;
                            hasNext: boolean;
                            /** @description Present when hasNext */
                            nextCursor?: string;
                            hasPrev: boolean;
                            /** @description Present when hasPrev */
                            prevCursor?: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/v3/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database version */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            /**
                             * @description Database version, YYYY-MM-DDThh:mm:ss+0900
                             * @example 2026-08-24T00:00:00+0900
                             */
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/history/v1/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List dataset updates, oldest first */
        get: {
            parameters: {
                query?: {
                    /** @description Updates on or after this date (YYYY-MM-DD) */
                    from_date?: string;
                    /** @description Updates on or before this date (YYYY-MM-DD) */
                    to_date?: string;
                    /** @description 1 to 1000; default 100 */
                    limit?: number;
                    /** @description next_cursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            updates: {
                                /** @example upd-20260331 */
                                update_id: string;
                                /** @example upd-20260225 */
                                previous_update_id: string | null;
                                /**
                                 * Format: date
                                 * @example 2026-03-31
                                 */
                                effective_date: string;
                                /**
                                 * @description ISO 8601 with +09:00
                                 * @example 2026-11-22T19:04:26+09:00
                                 */
                                created_at: string;
                                /** @example seed */
                                run_type: "baseline" | "seed" | "import";
                                /** @example passed */
                                validation_result: string;
                                /** @example 1152 */
                                bank_rows: number;
                                /** @example 28973 */
                                branch_rows: number;
                            }[];
                            /** @description Repeat the request with cursor set to this for the next page; null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/history/v1/updates/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest update: the one of the snapshot being served */
        get: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            update: {
                                /** @example upd-20260331 */
                                update_id: string;
                                /** @example upd-20260225 */
                                previous_update_id: string | null;
                                /**
                                 * Format: date
                                 * @example 2026-03-31
                                 */
                                effective_date: string;
                                /**
                                 * @description ISO 8601 with +09:00
                                 * @example 2026-11-22T19:04:26+09:00
                                 */
                                created_at: string;
                                /** @example seed */
                                run_type: "baseline" | "seed" | "import";
                                /** @example passed */
                                validation_result: string;
                                /** @example 1152 */
                                bank_rows: number;
                                /** @example 28973 */
                                branch_rows: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/history/v1/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List changes, in update order */
        get: {
            parameters: {
                query?: {
                    /** @description Updates on or after this date (YYYY-MM-DD) */
                    from_date?: string;
                    /** @description Updates on or before this date (YYYY-MM-DD) */
                    to_date?: string;
                    /** @description 1 to 1000; default 100 */
                    limit?: number;
                    /** @description next_cursor of an earlier response with the same conditions */
                    cursor?: string;
                    /** @description Only changes of updates after this one */
                    after_update_id?: string;
                    /** @description 4-digit bank code */
                    bank_code?: string;
                    /** @description 3-digit branch code */
                    branch_code?: string;
                    /** @description bank or branch */
                    resource_type?: "bank" | "branch";
                    /** @description added, removed, renamed, code_changed, updated */
                    change_type?: "added" | "removed" | "renamed" | "code_changed" | "updated";
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            changes: {
                                /** @example chg-20260331-000042 */
                                change_id: string;
                                /** @example upd-20260331 */
                                update_id: string;
                                /** @example upd-20260225 */
                                previous_update_id: string | null;
                                /**
                                 * Format: date
                                 * @example 2026-03-31
                                 */
                                effective_date: string;
                                /** @example 2026-11-22T19:04:26+09:00 */
                                created_at: string;
                                /** @example branch */
                                resource_type: "bank" | "branch";
                                /** @example renamed */
                                change_type: "added" | "removed" | "renamed" | "code_changed" | "updated";
                                reason: {
                                    /** @example 支店名の変更 */
                                    label_ja: string;
                                };
                                bank: {
                                    /** @example 0010 */
                                    code: string;
                                    /** @example りそな銀行 */
                                    name: string | null;
                                };
                                branch: {
                                    /** @example 725 */
                                    code: string | null;
                                    /** @example 市ヶ谷 */
                                    name: string | null;
                                };
                                /** @description Main fields before; {} for an addition */
                                before: {
                                    [key: string]: string;
                                };
                                /** @description Main fields after; {} for a removal */
                                after: {
                                    [key: string]: string;
                                };
                                /**
                                 * @example [
                                 *       "name",
                                 *       "halfWidthKana"
                                 *     ]
                                 */
                                changed_fields: string[];
                                field_changes: {
                                    /** @example name */
                                    field: string;
                                    /** @example 市ケ谷 */
                                    before: string | null;
                                    /** @example 市ヶ谷 */
                                    after: string | null;
                                }[];
                            }[];
                            /** @description Repeat the request with cursor set to this for the next page; null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/history/v1/lineage/{bankCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where an institution code went: its status today, successor and every change since 2019 */
        get: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path: {
                    /** @description 4-digit bank code */
                    bankCode: string;
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
                            lineage: {
                                /** @example 0537 */
                                bank_code: string;
                                /**
                                 * @description null for an institution
                                 * @example 110
                                 */
                                branch_code: string | null;
                                /**
                                 * @description active, renamed, code_changed, merged or closed (docs/lineage.md#statuses)
                                 * @example merged
                                 */
                                status: "active" | "renamed" | "code_changed" | "merged" | "closed";
                                /** @description The record as the newest version lists it; null when it no longer does */
                                current: {
                                    /** @example 0147 */
                                    bank_code: string;
                                    /** @example 福井銀行 */
                                    bank_name: string;
                                    /**
                                     * @description null for an institution
                                     * @example 110
                                     */
                                    branch_code: string | null;
                                    /** @example 春江中央 */
                                    branch_name: string | null;
                                } | null;
                                /** @description The record that carries it on today (merged, code_changed); its branch is null where only the institution is known */
                                successor: {
                                    /** @example 0147 */
                                    bank_code: string;
                                    /** @example 福井銀行 */
                                    bank_name: string;
                                    /**
                                     * @description null for an institution
                                     * @example 110
                                     */
                                    branch_code: string | null;
                                    /** @example 春江中央 */
                                    branch_name: string | null;
                                } | null;
                                /**
                                 * Format: date
                                 * @description Effective date of the version that first showed the status
                                 * @example 2026-05-24
                                 */
                                since: string;
                                /** @description Every change, oldest first, followed through its successors */
                                events: {
                                    /**
                                     * Format: date
                                     * @example 2026-05-24
                                     */
                                    effective_date: string;
                                    /** @example merged */
                                    change_type: "added" | "renamed" | "code_changed" | "merged" | "removed";
                                    /** @description null for an addition */
                                    before: {
                                        /** @example 0147 */
                                        bank_code: string;
                                        /** @example 福井銀行 */
                                        bank_name: string;
                                        /**
                                         * @description null for an institution
                                         * @example 110
                                         */
                                        branch_code: string | null;
                                        /** @example 春江中央 */
                                        branch_name: string | null;
                                    } | null;
                                    /** @description null for a removal; the successor for merged and code_changed */
                                    after: {
                                        /** @example 0147 */
                                        bank_code: string;
                                        /** @example 福井銀行 */
                                        bank_name: string;
                                        /**
                                         * @description null for an institution
                                         * @example 110
                                         */
                                        branch_code: string | null;
                                        /** @example 春江中央 */
                                        branch_name: string | null;
                                    } | null;
                                }[];
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/history/v1/lineage/{bankCode}/{branchCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where a branch code went: its status today, successor and every change since 2019 */
        get: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path: {
                    /** @description 4-digit bank code */
                    bankCode: string;
                    /** @description 3-digit branch code */
                    branchCode: string;
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
                            lineage: {
                                /** @example 0537 */
                                bank_code: string;
                                /**
                                 * @description null for an institution
                                 * @example 110
                                 */
                                branch_code: string | null;
                                /**
                                 * @description active, renamed, code_changed, merged or closed (docs/lineage.md#statuses)
                                 * @example merged
                                 */
                                status: "active" | "renamed" | "code_changed" | "merged" | "closed";
                                /** @description The record as the newest version lists it; null when it no longer does */
                                current: {
                                    /** @example 0147 */
                                    bank_code: string;
                                    /** @example 福井銀行 */
                                    bank_name: string;
                                    /**
                                     * @description null for an institution
                                     * @example 110
                                     */
                                    branch_code: string | null;
                                    /** @example 春江中央 */
                                    branch_name: string | null;
                                } | null;
                                /** @description The record that carries it on today (merged, code_changed); its branch is null where only the institution is known */
                                successor: {
                                    /** @example 0147 */
                                    bank_code: string;
                                    /** @example 福井銀行 */
                                    bank_name: string;
                                    /**
                                     * @description null for an institution
                                     * @example 110
                                     */
                                    branch_code: string | null;
                                    /** @example 春江中央 */
                                    branch_name: string | null;
                                } | null;
                                /**
                                 * Format: date
                                 * @description Effective date of the version that first showed the status
                                 * @example 2026-05-24
                                 */
                                since: string;
                                /** @description Every change, oldest first, followed through its successors */
                                events: {
                                    /**
                                     * Format: date
                                     * @example 2026-05-24
                                     */
                                    effective_date: string;
                                    /** @example merged */
                                    change_type: "added" | "renamed" | "code_changed" | "merged" | "removed";
                                    /** @description null for an addition */
                                    before: {
                                        /** @example 0147 */
                                        bank_code: string;
                                        /** @example 福井銀行 */
                                        bank_name: string;
                                        /**
                                         * @description null for an institution
                                         * @example 110
                                         */
                                        branch_code: string | null;
                                        /** @example 春江中央 */
                                        branch_name: string | null;
                                    } | null;
                                    /** @description null for a removal; the successor for merged and code_changed */
                                    after: {
                                        /** @example 0147 */
                                        bank_code: string;
                                        /** @example 福井銀行 */
                                        bank_name: string;
                                        /**
                                         * @description null for an institution
                                         * @example 110
                                         */
                                        branch_code: string | null;
                                        /** @example 春江中央 */
                                        branch_name: string | null;
                                    } | null;
                                }[];
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/history/v1/changes/{change_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One change */
        get: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path: {
                    change_id: string;
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
                            change: {
                                /** @example chg-20260331-000042 */
                                change_id: string;
                                /** @example upd-20260331 */
                                update_id: string;
                                /** @example upd-20260225 */
                                previous_update_id: string | null;
                                /**
                                 * Format: date
                                 * @example 2026-03-31
                                 */
                                effective_date: string;
                                /** @example 2026-11-22T19:04:26+09:00 */
                                created_at: string;
                                /** @example branch */
                                resource_type: "bank" | "branch";
                                /** @example renamed */
                                change_type: "added" | "removed" | "renamed" | "code_changed" | "updated";
                                reason: {
                                    /** @example 支店名の変更 */
                                    label_ja: string;
                                };
                                bank: {
                                    /** @example 0010 */
                                    code: string;
                                    /** @example りそな銀行 */
                                    name: string | null;
                                };
                                branch: {
                                    /** @example 725 */
                                    code: string | null;
                                    /** @example 市ヶ谷 */
                                    name: string | null;
                                };
                                /** @description Main fields before; {} for an addition */
                                before: {
                                    [key: string]: string;
                                };
                                /** @description Main fields after; {} for a removal */
                                after: {
                                    [key: string]: string;
                                };
                                /**
                                 * @example [
                                 *       "name",
                                 *       "halfWidthKana"
                                 *     ]
                                 */
                                changed_fields: string[];
                                field_changes: {
                                    /** @example name */
                                    field: string;
                                    /** @example 市ケ谷 */
                                    before: string | null;
                                    /** @example 市ヶ谷 */
                                    after: string | null;
                                }[];
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/resolve/v1/bank-branch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a typed bank and branch name to official codes
         * @description Candidates (at most 10) and a decision: auto_confirm, needs_review, ambiguous or unresolved. See docs/resolve.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Adds `debug`: normalized input, scores per candidate, dataset version */
                    "x-debug-resolve"?: "true";
                };
                path?: never;
                cookie?: never;
            };
            /** @description Unknown fields are ignored. */
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Bank name as typed: official, short, reading (kana, hiragana, half-width), abbreviation or alias
                         * @example みずほ
                         */
                        bank_name: string;
                        /**
                         * @description Branch name as typed, with or without 支店/出張所/営業部; empty to ask for the main office
                         * @example 東京支店
                         */
                        branch_name: string;
                        /**
                         * @description Judgment policy; default "default" (also when null). Thresholds (auto_total/min_gap): default 0.9/0.04, payment 0.96/0.05, onboarding 0.9/0.04, matching 0.9/0.04. Any other value is a 422.
                         * @enum {string|null}
                         */
                        context?: "default" | "payment" | "onboarding" | "matching" | null;
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
                             * @description The contract: only auto_confirm may be used without review
                             * @example auto_confirm
                             */
                            decision: "auto_confirm" | "needs_review" | "ambiguous" | "unresolved";
                            best_match?: {
                                /** @example 0001 */
                                bank_code: string;
                                /** @example みずほ銀行 */
                                bank_name: string;
                                /** @example 001 */
                                branch_code: string;
                                /** @example 東京営業部 */
                                branch_name: string;
                            };
                            /** @description Best first; empty when unresolved */
                            candidates: {
                                /** @example 0001 */
                                bank_code: string;
                                /** @example みずほ銀行 */
                                bank_name: string;
                                /** @example 001 */
                                branch_code: string;
                                /** @example 東京営業部 */
                                branch_name: string;
                            }[];
                            /** @description For explanation and audit, not for the decision */
                            reason_codes: ("bank_not_found" | "branch_not_found" | "bank_alias_ambiguous" | "branch_alias_ambiguous" | "gap_too_small" | "bank_code_mismatch" | "branch_code_mismatch" | "bank_former_name" | "branch_former_name" | "code_moved" | "payment_bank_alias" | "payment_bank_abbreviation" | "payment_branch_trim" | "payment_branch_supplement" | "romaji_input" | "branch_omitted" | "bank_matched_by_code" | "branch_matched_by_code" | "branch_matched_by_yucho_symbol" | "generic_branch" | "below_auto_total")[];
                            reason_details: {
                                code: "bank_not_found" | "branch_not_found" | "bank_alias_ambiguous" | "branch_alias_ambiguous" | "gap_too_small" | "bank_code_mismatch" | "branch_code_mismatch" | "bank_former_name" | "branch_former_name" | "code_moved" | "payment_bank_alias" | "payment_bank_abbreviation" | "payment_branch_trim" | "payment_branch_supplement" | "romaji_input" | "branch_omitted" | "bank_matched_by_code" | "branch_matched_by_code" | "branch_matched_by_yucho_symbol" | "generic_branch" | "below_auto_total";
                                message_ja: string;
                            }[];
                            /** @description Message of the most important reason; present when there is a reason */
                            reason_summary_ja?: string;
                            /** @description Only with the header x-debug-resolve: true: normalized input, scores per candidate, dataset version (keys may change during the beta) */
                            debug?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example an API key is required: send it in the x-api-key header or the apikey query parameter */
                            message: string;
                            /** @example req-1 */
                            request_id: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                /** @example missing */
                                type: string;
                                /**
                                 * @example [
                                 *       "body",
                                 *       "bank_name"
                                 *     ]
                                 */
                                loc: (string | number)[];
                                /** @example Field required */
                                msg: string;
                                input: unknown;
                            }[];
                            /** @example req-1 */
                            request_id: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example an API key is required: send it in the x-api-key header or the apikey query parameter */
                            message: string;
                            /** @example req-1 */
                            request_id: string;
                        };
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
    "/resolve/v1/bank-branch/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve up to 1,000 bank and branch names in one request
         * @description Each item is answered as POST /resolve/v1/bank-branch answers it, in order, with its id. A batch of N items counts as N requests against the key's daily limit and as one request against its per-second limit; if the N do not fit the day, the whole batch is refused with 429 and not counted. No debug. See docs/resolve.md#batch.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Unknown fields are ignored. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 1 to 1000 items; counted as that many requests against the key's limits */
                        items: {
                            /**
                             * @description Echoed back with the item's result
                             * @example row-1
                             */
                            id: string | number;
                            /**
                             * @description Bank name as typed: official, short, reading (kana, hiragana, half-width), abbreviation or alias
                             * @example みずほ
                             */
                            bank_name: string;
                            /**
                             * @description Branch name as typed, with or without 支店/出張所/営業部; empty to ask for the main office
                             * @example 東京支店
                             */
                            branch_name: string;
                            /**
                             * @description Judgment policy; default "default" (also when null). Thresholds (auto_total/min_gap): default 0.9/0.04, payment 0.96/0.05, onboarding 0.9/0.04, matching 0.9/0.04. Any other value is a 422.
                             * @enum {string|null}
                             */
                            context?: "default" | "payment" | "onboarding" | "matching" | null;
                        }[];
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
                            /** @description One per item, in the order of the items */
                            results: {
                                /**
                                 * @description Echoed back with the item's result
                                 * @example row-1
                                 */
                                id: string | number;
                                /**
                                 * @description The contract: only auto_confirm may be used without review
                                 * @example auto_confirm
                                 */
                                decision: "auto_confirm" | "needs_review" | "ambiguous" | "unresolved";
                                best_match?: {
                                    /** @example 0001 */
                                    bank_code: string;
                                    /** @example みずほ銀行 */
                                    bank_name: string;
                                    /** @example 001 */
                                    branch_code: string;
                                    /** @example 東京営業部 */
                                    branch_name: string;
                                };
                                /** @description Best first; empty when unresolved */
                                candidates: {
                                    /** @example 0001 */
                                    bank_code: string;
                                    /** @example みずほ銀行 */
                                    bank_name: string;
                                    /** @example 001 */
                                    branch_code: string;
                                    /** @example 東京営業部 */
                                    branch_name: string;
                                }[];
                                /** @description For explanation and audit, not for the decision */
                                reason_codes: ("bank_not_found" | "branch_not_found" | "bank_alias_ambiguous" | "branch_alias_ambiguous" | "gap_too_small" | "bank_code_mismatch" | "branch_code_mismatch" | "bank_former_name" | "branch_former_name" | "code_moved" | "payment_bank_alias" | "payment_bank_abbreviation" | "payment_branch_trim" | "payment_branch_supplement" | "romaji_input" | "branch_omitted" | "bank_matched_by_code" | "branch_matched_by_code" | "branch_matched_by_yucho_symbol" | "generic_branch" | "below_auto_total")[];
                                reason_details: {
                                    code: "bank_not_found" | "branch_not_found" | "bank_alias_ambiguous" | "branch_alias_ambiguous" | "gap_too_small" | "bank_code_mismatch" | "branch_code_mismatch" | "bank_former_name" | "branch_former_name" | "code_moved" | "payment_bank_alias" | "payment_bank_abbreviation" | "payment_branch_trim" | "payment_branch_supplement" | "romaji_input" | "branch_omitted" | "bank_matched_by_code" | "branch_matched_by_code" | "branch_matched_by_yucho_symbol" | "generic_branch" | "below_auto_total";
                                    message_ja: string;
                                }[];
                                /** @description Message of the most important reason; present when there is a reason */
                                reason_summary_ja?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example an API key is required: send it in the x-api-key header or the apikey query parameter */
                            message: string;
                            /** @example req-1 */
                            request_id: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                /** @example missing */
                                type: string;
                                /**
                                 * @example [
                                 *       "body",
                                 *       "bank_name"
                                 *     ]
                                 */
                                loc: (string | number)[];
                                /** @example Field required */
                                msg: string;
                                input: unknown;
                            }[];
                            /** @example req-1 */
                            request_id: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example an API key is required: send it in the x-api-key header or the apikey query parameter */
                            message: string;
                            /** @example req-1 */
                            request_id: string;
                        };
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
    "/accounts/v1/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check up to 1,000 payee records: valid, renamed, merged (and where to), closed or unknown
         * @description Each record's codes, names, account and holder kana checked against the data served and the lineage of every code since 2019. A request of N records counts as N requests against the key's Resolve daily limit and one against its per-second limit; if the N do not fit the day, the whole request is refused with 429 and not counted. See docs/payee-checks.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Unknown fields are ignored. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 1 to 1000 records; counted as that many requests against the key's Resolve limits */
                        items: {
                            /**
                             * @description Echoed back with the item's result
                             * @example row-1
                             */
                            id: string | number;
                            /**
                             * @description 金融機関コード: 4 half-width digits
                             * @example 0537
                             */
                            bank_code: string;
                            /**
                             * @description 支店コード: 3 half-width digits; may be left out for ゆうちょ銀行 (9900) when symbol is given
                             * @example 110
                             */
                            branch_code?: string;
                            /**
                             * @description Bank name as the record holds it: official, short (みずほ), reading (ﾐｽﾞﾎｷﾞﾝｺｳ)
                             * @example 福邦銀行
                             */
                            bank_name?: string;
                            /**
                             * @description Branch name as the record holds it, with or without 支店; or its reading
                             * @example 春江中央
                             */
                            branch_name?: string;
                            /**
                             * @description 預金種目: 1 普通, 2 当座, 4 貯蓄, 9 その他
                             * @example 1
                             */
                            account_type?: string;
                            /**
                             * @description 口座番号: 7 half-width digits
                             * @example 1234567
                             */
                            account_number?: string;
                            /**
                             * @description 受取人名 as it would be sent: checked by the 全銀 kana rules (docs/kana.md)
                             * @example ﾔﾏﾀﾞ ﾀﾛｳ
                             */
                            holder_kana?: string;
                            /**
                             * @description ゆうちょ銀行 記号 (5 digits, may carry the 番号: 14030-12345671); converted to branch_code, account_type and account_number first (docs/yucho.md)
                             * @example 14030
                             */
                            symbol?: string;
                            /**
                             * @description ゆうちょ銀行 番号 of the passbook
                             * @example 12345671
                             */
                            number?: string;
                        }[];
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
                            /** @description One per item, in the order of the items */
                            results: {
                                /**
                                 * @description Echoed back with the item's result
                                 * @example row-1
                                 */
                                id: string | number;
                                /**
                                 * @description The most serious of the problems; ok when there is none
                                 * @example merged
                                 */
                                verdict: "ok" | "name_mismatch" | "renamed" | "merged" | "closed" | "unknown_bank" | "unknown_branch" | "invalid";
                                /** @description The record as the newest version lists it; null when it no longer does, or the codes are not valid */
                                current: {
                                    /** @example 0147 */
                                    bank_code: string;
                                    /** @example 福井銀行 */
                                    bank_name: string;
                                    /** @example 110 */
                                    branch_code: string | null;
                                    /** @example 春江中央 */
                                    branch_name: string | null;
                                } | null;
                                /** @description Where a merged or moved record went today (its branch null where only the institution is known); null otherwise */
                                successor: {
                                    /** @example 0147 */
                                    bank_code: string;
                                    /** @example 福井銀行 */
                                    bank_name: string;
                                    /** @example 110 */
                                    branch_code: string | null;
                                    /** @example 春江中央 */
                                    branch_name: string | null;
                                } | null;
                                /** @description Most serious first; empty for ok */
                                problems: {
                                    /** @example branch_code */
                                    field: "bank_code" | "branch_code" | "bank_name" | "branch_name" | "account_type" | "account_number" | "holder_kana" | "symbol" | "number";
                                    /** @example branch_merged */
                                    code: "bank_code_invalid" | "branch_code_invalid" | "branch_code_missing" | "account_type_invalid" | "account_number_invalid" | "holder_kana_kanji" | "holder_kana_not_in_charset" | "holder_kana_not_in_field" | "holder_kana_too_long" | "holder_kana_empty" | "yucho_symbol_invalid" | "yucho_number_invalid" | "yucho_not_jp_bank" | "yucho_conflict" | "bank_unknown" | "branch_unknown" | "bank_closed" | "branch_closed" | "bank_merged" | "branch_merged" | "branch_code_changed" | "bank_renamed" | "branch_renamed" | "bank_name_mismatch" | "branch_name_mismatch";
                                    /** @example この支店は他の金融機関に引き継がれました。successor の金融機関・支店コードに変更してください */
                                    message_ja: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example an API key is required: send it in the x-api-key header or the apikey query parameter */
                            message: string;
                            /** @example req-1 */
                            request_id: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                /** @example missing */
                                type: string;
                                /**
                                 * @example [
                                 *       "body",
                                 *       "bank_name"
                                 *     ]
                                 */
                                loc: (string | number)[];
                                /** @example Field required */
                                msg: string;
                                input: unknown;
                            }[];
                            /** @example req-1 */
                            request_id: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example an API key is required: send it in the x-api-key header or the apikey query parameter */
                            message: string;
                            /** @example req-1 */
                            request_id: string;
                        };
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
    "/master/v1/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current master file: id, checksum, size, row counts */
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
                            /**
                             * @description The id of the update whose snapshot this is
                             * @example upd-20260824
                             */
                            dataset_id: string;
                            /**
                             * @description When this file was built, ISO 8601 with +09:00
                             * @example 2026-11-22T20:30:00+09:00
                             */
                            published_at: string;
                            zip_sha256: string;
                            /** @example 1630000 */
                            zip_size_bytes: number;
                            /** @example 1146 */
                            bank_row_count: number;
                            /** @example 28944 */
                            branch_row_count: number;
                            /** @example 2026-08-24T00:00:00+0900 */
                            version: string;
                            /**
                             * Format: date
                             * @example 2026-08-24
                             */
                            effective_date: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/master/v1/download-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A signed URL that downloads a master file without the key for 10 minutes */
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
                        /** @example upd-20260824 */
                        dataset_id: string;
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
                            /** @example upd-20260824 */
                            dataset_id: string;
                            /**
                             * @description Signed; downloads the ZIP without a key until expires_at, or until the issuing key is revoked
                             * @example https://localhost:8443/master/v1/downloads/upd-20260824.zip?key=key_3f9a1c2b4d5e&expires=1795350000&signature=…
                             */
                            download_url: string;
                            /**
                             * @description ISO 8601 with +09:00
                             * @example 2026-11-22T20:40:00+09:00
                             */
                            expires_at: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/master/v1/downloads/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a master file through a signed URL (no key) */
        get: {
            parameters: {
                query?: {
                    /** @description The id of the API key that asked for the URL */
                    key?: string;
                    expires?: string;
                    signature?: string;
                };
                header?: never;
                path: {
                    file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description application/zip */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/yucho/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Convert a ゆうちょ銀行 account between 記号・番号 and 店番・預金種目・口座番号
         * @description symbol (and number) → the transfer account; branch_code, account_type and account_number → the 記号・番号 as far as the rule determines them. Counted as one Search request. See docs/yucho.md.
         */
        get: {
            parameters: {
                query?: {
                    /** @description 記号: 5 digits starting with 1 (総合口座・通常貯金・通常貯蓄貯金) or 0 (振替口座); full-width digits, dashes and the 番号 after it (14030-12345671) accepted. Give symbol (and number), or branch_code, account_type and account_number. */
                    symbol?: string;
                    /** @description 番号 of the passbook; for a 記号 starting with 1 it ends in 1. Optional: without it the answer has no account_number. */
                    number?: string;
                    /** @description 店番 of a transfer: 3 digits ending in 8 or 9 (the reverse direction) */
                    branch_code?: string;
                    /** @description 預金種目: 1 (普通), 2 (当座) or 4 (貯蓄) (the reverse direction) */
                    account_type?: "1" | "2" | "4";
                    /** @description 口座番号 of a transfer: up to 7 digits (the reverse direction) */
                    account_number?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            /** @enum {string} */
                            bank_code: "9900";
                            /** @example 408 */
                            branch_code: string;
                            /**
                             * @description The branch name in the served master
                             * @example 四〇八
                             */
                            branch_name: string;
                            /**
                             * @description Its reading in half-width kana, as transfer files write it
                             * @example ﾖﾝｾﾞﾛﾊﾁ
                             */
                            branch_kana: string;
                            /**
                             * @description 1 (普通), 2 (当座) or 4 (貯蓄)
                             * @example 1
                             */
                            account_type: "1" | "2" | "4";
                            /** @example 普通 */
                            account_type_name: "普通" | "当座" | "貯蓄";
                            /**
                             * @description 7 digits; absent when no number was given
                             * @example 1234567
                             */
                            account_number?: string;
                        } | {
                            /** @enum {string} */
                            bank_code: "9900";
                            /** @example 408 */
                            branch_code: string;
                            /**
                             * @description The branch name in the served master
                             * @example 四〇八
                             */
                            branch_name: string;
                            /**
                             * @description Its reading in half-width kana, as transfer files write it
                             * @example ﾖﾝｾﾞﾛﾊﾁ
                             */
                            branch_kana: string;
                            /**
                             * @description 1 (普通), 2 (当座) or 4 (貯蓄)
                             * @example 1
                             */
                            account_type: "1" | "2" | "4";
                            /** @example 普通 */
                            account_type_name: "普通" | "当座" | "貯蓄";
                            /** @example 1234567 */
                            account_number: string;
                            /**
                             * @description The 記号, `*` where the rule does not determine the digit
                             * @example 140**
                             */
                            symbol: string;
                            /**
                             * @description The 番号 as passbooks print it, without leading zeros
                             * @example 12345671
                             */
                            number: string;
                            /** @description What the rule cannot determine: the 4th and 5th digits of the 記号, and for a 振替口座 the digit printed between 記号 and 番号 */
                            undetermined: {
                                field: "symbol" | "middle_digit";
                                /**
                                 * @description 1-based digit positions within the field
                                 * @example [
                                 *       4,
                                 *       5
                                 *     ]
                                 */
                                positions: number[];
                                /** @example the 4th and 5th digits of the 記号 do not follow from the 店番; read them from the passbook */
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/kana/v1/normalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A name in the 全銀 half-width kana set, with what keeps it from being sent
         * @description Small kana large, hiragana and full-width to half-width, ー to -, ・ to a space, legal forms (株式会社 …) abbreviated by position; kanji and characters outside the field’s set reported by index; payee at most 30 characters, remitter 40. Counted as one Search request. See docs/kana.md.
         */
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
                         * @description The name as typed: kana of any script and width, Latin letters, digits, legal forms in kanji or kana
                         * @example かぶしきがいしゃ　ぎんこうしょうじ
                         */
                        text: string;
                        /**
                         * @description The transfer field whose rules apply; default payee. payee (受取人名, at most 30, symbols ( ) . -); remitter (依頼人名, at most 40, symbols ( ) . - , /)
                         * @example payee
                         */
                        field?: "payee" | "remitter";
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
                             * @description In the 全銀 half-width set, legal forms abbreviated by position; kanji and characters outside the set kept
                             * @example ｶ)ｷﾞﾝｺｳｼﾖｳｼﾞ
                             */
                            normalized: string;
                            /**
                             * @description Whether normalized may be sent in the field as it is
                             * @example true
                             */
                            valid: boolean;
                            /**
                             * @description Characters of normalized as the field counts them (ﾞ and ﾟ are one each)
                             * @example 12
                             */
                            length: number;
                            /** @description Empty when valid; in the order of the text */
                            problems: {
                                /**
                                 * @description Position in text, in characters from 0
                                 * @example 3
                                 */
                                index: number;
                                /**
                                 * @description The character of text at index ("" for empty)
                                 * @example 商
                                 */
                                char: string;
                                /** @example kanji */
                                reason: "kanji" | "not_in_charset" | "not_in_field" | "too_long" | "empty";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/kana/v1/equivalent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether a bank would treat two names as the same
         * @description Both normalized as remitter names, then compared without spaces and hyphens: width, script, case, small kana, the long vowel and legal forms do not matter; voicing does. Counted as one Search request. See docs/kana.md.
         */
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
                         * @description A name as typed or as a statement shows it
                         * @example ｷﾞﾝｺｳ ﾀﾛｳ
                         */
                        a: string;
                        /**
                         * @description The other name
                         * @example ぎんこうたろう
                         */
                        b: string;
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
                             * @description Whether a bank would read the two as the same name
                             * @example true
                             */
                            equivalent: boolean;
                            /**
                             * @description a in the 全銀 set (remitter rules)
                             * @example ｷﾞﾝｺｳ ﾀﾛｳ
                             */
                            a_normalized: string;
                            /** @example ｷﾞﾝｺｳﾀﾛｳ */
                            b_normalized: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/api/banks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every institution, keyed by code, as the zengin-code package's data
         * @description The zengin-code package's shape: names without the type suffix, Zengin full-width kana. See docs/search-api.md#the-zengin-code-json-shape.
         */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Keyed by code, in code order */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: {
                                /** @example 0001 */
                                code: string;
                                /**
                                 * @description Short name, without the type suffix
                                 * @example みずほ
                                 */
                                name: string;
                                /**
                                 * @description Zengin full-width katakana
                                 * @example ミズホ
                                 */
                                kana: string;
                                /** @example みずほ */
                                hira: string;
                                /** @example mizuho */
                                roma: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/api/branches/{bankCode}.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The branches of one institution, keyed by branch code
         * @description The zengin-code package's shape: names without the type suffix, Zengin full-width kana. See docs/search-api.md#the-zengin-code-json-shape.
         */
        get: {
            parameters: {
                query?: {
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path: {
                    /** @description Bank code, 4 digits */
                    bankCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Keyed by code, in code order */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: {
                                /** @example 0001 */
                                code: string;
                                /**
                                 * @description Short name, without the type suffix
                                 * @example みずほ
                                 */
                                name: string;
                                /**
                                 * @description Zengin full-width katakana
                                 * @example ミズホ
                                 */
                                kana: string;
                                /** @example みずほ */
                                hira: string;
                                /** @example mizuho */
                                roma: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example 400 */
                            httpStatusCode: number;
                            /** @example INVALID_PARAMETER */
                            code: string;
                            /** @example limit must be an integer from 1 to 2000 */
                            message: string;
                            validationErrors: {
                                message: string;
                                /** @example limit */
                                paramName: string;
                                /** @example abc */
                                invalidValue: string;
                            }[];
                        };
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
    "/watch/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This key's webhooks, oldest first */
        get: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
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
                        "application/json": {
                            webhooks: {
                                /** @example wh_3f9a0c1b2d4e5f60 */
                                id: string;
                                /** @example https://erp.example.co.jp/hooks/ginko */
                                url: string;
                                /**
                                 * @example [
                                 *       "0537",
                                 *       "0005-135"
                                 *     ]
                                 */
                                codes: string[];
                                /** @example payees of the accounts-payable system */
                                description: string | null;
                                /**
                                 * @description ISO 8601 with +09:00
                                 * @example 2026-11-22T19:04:26+09:00
                                 */
                                created_at: string;
                                /**
                                 * @description When deliveries stopped (410 Gone from the receiver, or enabled: false); null while enabled
                                 * @example null
                                 */
                                disabled_at: string | null;
                                /** @example null */
                                disabled_reason: string | null;
                                /**
                                 * @description Until when the secret the last rotation replaced still signs deliveries beside the current one; null when it does not
                                 * @example null
                                 */
                                previous_secret_expires_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a webhook: its signing secret is in this answer only */
        post: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Where events are POSTed: https:// (http:// too on a server started with --webhook-allow-private); not a loopback, private, link-local or metadata address
                         * @example https://erp.example.co.jp/hooks/ginko
                         */
                        url: string;
                        /**
                         * @description The codes to watch, 1 to the plan's limit (at most 30000): a bank code watches the bank and all its branches, a bank and branch code one branch; a code that merged or changed is followed to its successor
                         * @example [
                         *       "0537",
                         *       "0005-135"
                         *     ]
                         */
                        codes: string[];
                        /**
                         * @description A note of your own, at most 200 characters
                         * @example payees of the accounts-payable system
                         */
                        description?: string | null;
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
                            webhook: {
                                /** @example wh_3f9a0c1b2d4e5f60 */
                                id: string;
                                /** @example https://erp.example.co.jp/hooks/ginko */
                                url: string;
                                /**
                                 * @example [
                                 *       "0537",
                                 *       "0005-135"
                                 *     ]
                                 */
                                codes: string[];
                                /** @example payees of the accounts-payable system */
                                description: string | null;
                                /**
                                 * @description ISO 8601 with +09:00
                                 * @example 2026-11-22T19:04:26+09:00
                                 */
                                created_at: string;
                                /**
                                 * @description When deliveries stopped (410 Gone from the receiver, or enabled: false); null while enabled
                                 * @example null
                                 */
                                disabled_at: string | null;
                                /** @example null */
                                disabled_reason: string | null;
                                /**
                                 * @description Until when the secret the last rotation replaced still signs deliveries beside the current one; null when it does not
                                 * @example null
                                 */
                                previous_secret_expires_at: string | null;
                            };
                            /**
                             * @description The signing secret: shown in this answer only
                             * @example whsec_Qm9vZ2xlIGlzIG5vdCBhIHNlY3JldCBrZXkh
                             */
                            secret: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/watch/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of this key’s webhooks */
        get: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: {
                                /** @example wh_3f9a0c1b2d4e5f60 */
                                id: string;
                                /** @example https://erp.example.co.jp/hooks/ginko */
                                url: string;
                                /**
                                 * @example [
                                 *       "0537",
                                 *       "0005-135"
                                 *     ]
                                 */
                                codes: string[];
                                /** @example payees of the accounts-payable system */
                                description: string | null;
                                /**
                                 * @description ISO 8601 with +09:00
                                 * @example 2026-11-22T19:04:26+09:00
                                 */
                                created_at: string;
                                /**
                                 * @description When deliveries stopped (410 Gone from the receiver, or enabled: false); null while enabled
                                 * @example null
                                 */
                                disabled_at: string | null;
                                /** @example null */
                                disabled_reason: string | null;
                                /**
                                 * @description Until when the secret the last rotation replaced still signs deliveries beside the current one; null when it does not
                                 * @example null
                                 */
                                previous_secret_expires_at: string | null;
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook, its pending events and its delivery log */
        delete: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change the URL, codes or description of a webhook, or stop and start its deliveries */
        patch: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Where events are POSTed: https:// (http:// too on a server started with --webhook-allow-private); not a loopback, private, link-local or metadata address
                         * @example https://erp.example.co.jp/hooks/ginko
                         */
                        url?: string;
                        /**
                         * @description The codes to watch, 1 to the plan's limit (at most 30000): a bank code watches the bank and all its branches, a bank and branch code one branch; a code that merged or changed is followed to its successor
                         * @example [
                         *       "0537",
                         *       "0005-135"
                         *     ]
                         */
                        codes?: string[];
                        /**
                         * @description A note of your own, at most 200 characters
                         * @example payees of the accounts-payable system
                         */
                        description?: string | null;
                        /**
                         * @description false stops deliveries; true starts them again (after a 410 Gone disabled the webhook)
                         * @example true
                         */
                        enabled?: boolean;
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
                            webhook: {
                                /** @example wh_3f9a0c1b2d4e5f60 */
                                id: string;
                                /** @example https://erp.example.co.jp/hooks/ginko */
                                url: string;
                                /**
                                 * @example [
                                 *       "0537",
                                 *       "0005-135"
                                 *     ]
                                 */
                                codes: string[];
                                /** @example payees of the accounts-payable system */
                                description: string | null;
                                /**
                                 * @description ISO 8601 with +09:00
                                 * @example 2026-11-22T19:04:26+09:00
                                 */
                                created_at: string;
                                /**
                                 * @description When deliveries stopped (410 Gone from the receiver, or enabled: false); null while enabled
                                 * @example null
                                 */
                                disabled_at: string | null;
                                /** @example null */
                                disabled_reason: string | null;
                                /**
                                 * @description Until when the secret the last rotation replaced still signs deliveries beside the current one; null when it does not
                                 * @example null
                                 */
                                previous_secret_expires_at: string | null;
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/watch/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's latest delivery attempts, newest first: status, latency, error */
        get: {
            parameters: {
                query?: {
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Newest first */
                            deliveries: {
                                /** @example evt_5b0e9c3f1a2d4e6f7a8b9c0d */
                                event_id: string;
                                /** @example 1 */
                                attempt: number;
                                /**
                                 * @description When the attempt began: ISO 8601 with milliseconds and +09:00
                                 * @example 2026-11-22T19:04:28.513+09:00
                                 */
                                at: string;
                                /**
                                 * @description The receiver's HTTP status; null when it did not answer
                                 * @example 200
                                 */
                                status: number | null;
                                /** @example 41 */
                                latency_ms: number;
                                /**
                                 * @description delivered (2xx), gone (410: the webhook was disabled) or retry (anything else)
                                 * @example delivered
                                 */
                                outcome: "delivered" | "retry" | "gone";
                                /**
                                 * @description Why it failed: the receiver's status and the start of its body, or why there was no answer
                                 * @example null
                                 */
                                error: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/watch/v1/webhooks/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's events, oldest first, from after a given one: the pull feed, for receivers that cannot be reached */
        get: {
            parameters: {
                query?: {
                    /** @description The id of the last event you have: the page starts after it */
                    after?: string;
                    /** @description 1 to 100; default 100 */
                    limit?: number;
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Oldest first */
                            events: {
                                /**
                                 * @description Also in the Ginko-Event-Id header: handle each id once
                                 * @example evt_5b0e9c3f1a2d4e6f7a8b9c0d
                                 */
                                id: string;
                                /** @enum {string} */
                                type: "change";
                                /** @example 2026-11-22T19:04:26+09:00 */
                                created_at: string;
                                change: {
                                    /** @example chg-20260331-000042 */
                                    change_id: string;
                                    /** @example upd-20260331 */
                                    update_id: string;
                                    /** @example upd-20260225 */
                                    previous_update_id: string | null;
                                    /**
                                     * Format: date
                                     * @example 2026-03-31
                                     */
                                    effective_date: string;
                                    /** @example 2026-11-22T19:04:26+09:00 */
                                    created_at: string;
                                    /** @example branch */
                                    resource_type: "bank" | "branch";
                                    /** @example renamed */
                                    change_type: "added" | "removed" | "renamed" | "code_changed" | "updated";
                                    reason: {
                                        /** @example 支店名の変更 */
                                        label_ja: string;
                                    };
                                    bank: {
                                        /** @example 0010 */
                                        code: string;
                                        /** @example りそな銀行 */
                                        name: string | null;
                                    };
                                    branch: {
                                        /** @example 725 */
                                        code: string | null;
                                        /** @example 市ヶ谷 */
                                        name: string | null;
                                    };
                                    /** @description Main fields before; {} for an addition */
                                    before: {
                                        [key: string]: string;
                                    };
                                    /** @description Main fields after; {} for a removal */
                                    after: {
                                        [key: string]: string;
                                    };
                                    /**
                                     * @example [
                                     *       "name",
                                     *       "halfWidthKana"
                                     *     ]
                                     */
                                    changed_fields: string[];
                                    field_changes: {
                                        /** @example name */
                                        field: string;
                                        /** @example 市ケ谷 */
                                        before: string | null;
                                        /** @example 市ヶ谷 */
                                        after: string | null;
                                    }[];
                                };
                                /** @description The lineage of the changed code when it is merged, code_changed or closed; null otherwise */
                                lineage: {
                                    /** @example 0537 */
                                    bank_code: string;
                                    /**
                                     * @description null for an institution
                                     * @example 110
                                     */
                                    branch_code: string | null;
                                    /**
                                     * @description active, renamed, code_changed, merged or closed (docs/lineage.md#statuses)
                                     * @example merged
                                     */
                                    status: "active" | "renamed" | "code_changed" | "merged" | "closed";
                                    /** @description The record as the newest version lists it; null when it no longer does */
                                    current: {
                                        /** @example 0147 */
                                        bank_code: string;
                                        /** @example 福井銀行 */
                                        bank_name: string;
                                        /**
                                         * @description null for an institution
                                         * @example 110
                                         */
                                        branch_code: string | null;
                                        /** @example 春江中央 */
                                        branch_name: string | null;
                                    } | null;
                                    /** @description The record that carries it on today (merged, code_changed); its branch is null where only the institution is known */
                                    successor: {
                                        /** @example 0147 */
                                        bank_code: string;
                                        /** @example 福井銀行 */
                                        bank_name: string;
                                        /**
                                         * @description null for an institution
                                         * @example 110
                                         */
                                        branch_code: string | null;
                                        /** @example 春江中央 */
                                        branch_name: string | null;
                                    } | null;
                                    /**
                                     * Format: date
                                     * @description Effective date of the version that first showed the status
                                     * @example 2026-05-24
                                     */
                                    since: string;
                                    /** @description Every change, oldest first, followed through its successors */
                                    events: {
                                        /**
                                         * Format: date
                                         * @example 2026-05-24
                                         */
                                        effective_date: string;
                                        /** @example merged */
                                        change_type: "added" | "renamed" | "code_changed" | "merged" | "removed";
                                        /** @description null for an addition */
                                        before: {
                                            /** @example 0147 */
                                            bank_code: string;
                                            /** @example 福井銀行 */
                                            bank_name: string;
                                            /**
                                             * @description null for an institution
                                             * @example 110
                                             */
                                            branch_code: string | null;
                                            /** @example 春江中央 */
                                            branch_name: string | null;
                                        } | null;
                                        /** @description null for a removal; the successor for merged and code_changed */
                                        after: {
                                            /** @example 0147 */
                                            bank_code: string;
                                            /** @example 福井銀行 */
                                            bank_name: string;
                                            /**
                                             * @description null for an institution
                                             * @example 110
                                             */
                                            branch_code: string | null;
                                            /** @example 春江中央 */
                                            branch_name: string | null;
                                        } | null;
                                    }[];
                                } | null;
                            }[];
                            /** @description true: ask again with after set to the id of the last event */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/watch/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed ping to the webhook now and answer how its receiver answered */
        post: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
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
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            delivery: {
                                /** @example evt_5b0e9c3f1a2d4e6f7a8b9c0d */
                                event_id: string;
                                /** @example 1 */
                                attempt: number;
                                /**
                                 * @description When the attempt began: ISO 8601 with milliseconds and +09:00
                                 * @example 2026-11-22T19:04:28.513+09:00
                                 */
                                at: string;
                                /**
                                 * @description The receiver's HTTP status; null when it did not answer
                                 * @example 200
                                 */
                                status: number | null;
                                /** @example 41 */
                                latency_ms: number;
                                /**
                                 * @description delivered (2xx), gone (410: the webhook was disabled) or retry (anything else)
                                 * @example delivered
                                 */
                                outcome: "delivered" | "retry" | "gone";
                                /**
                                 * @description Why it failed: the receiver's status and the start of its body, or why there was no answer
                                 * @example null
                                 */
                                error: string | null;
                            };
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/watch/v1/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret: the new one is in this answer only; the replaced one keeps signing beside it for previous_valid_seconds */
        post: {
            parameters: {
                query?: {
                    /** @description API key (or header x-api-key) */
                    apikey?: string;
                    /** @description API key, alternative spelling */
                    apiKey?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description How long the replaced secret keeps signing beside the new one, 0 to 86400 seconds; default 86400 (a day). 0: it stops at once
                         * @example 3600
                         */
                        previous_valid_seconds?: number;
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
                            webhook: {
                                /** @example wh_3f9a0c1b2d4e5f60 */
                                id: string;
                                /** @example https://erp.example.co.jp/hooks/ginko */
                                url: string;
                                /**
                                 * @example [
                                 *       "0537",
                                 *       "0005-135"
                                 *     ]
                                 */
                                codes: string[];
                                /** @example payees of the accounts-payable system */
                                description: string | null;
                                /**
                                 * @description ISO 8601 with +09:00
                                 * @example 2026-11-22T19:04:26+09:00
                                 */
                                created_at: string;
                                /**
                                 * @description When deliveries stopped (410 Gone from the receiver, or enabled: false); null while enabled
                                 * @example null
                                 */
                                disabled_at: string | null;
                                /** @example null */
                                disabled_reason: string | null;
                                /**
                                 * @description Until when the secret the last rotation replaced still signs deliveries beside the current one; null when it does not
                                 * @example null
                                 */
                                previous_secret_expires_at: string | null;
                            };
                            /**
                             * @description The signing secret: shown in this answer only
                             * @example whsec_Qm9vZ2xlIGlzIG5vdCBhIHNlY3JldCBrZXkh
                             */
                            secret: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @example limit must be an integer from 1 to 1000 */
                            message: string;
                            /** @example req-3f9a1c07-2s */
                            request_id: string;
                            detail?: {
                                /** @example value_error */
                                type: string;
                                /**
                                 * @example [
                                 *       "query",
                                 *       "limit"
                                 *     ]
                                 */
                                loc: string[];
                                msg: string;
                                input: string;
                            }[];
                        };
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
    "/widgets/bank-branch-selector/v1/bank-branch-selector.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The <bank-branch-selector> Web Component (ES module; docs/widget.md) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/javascript */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
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
    "/widgets/demo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page showing the widget working against this server */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/html */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
