/** The document's info block. */
export declare const API_VERSION_INFO: {
    readonly title: "Messaging Automation REST API";
    readonly version: "1.0.0";
    readonly description: string;
};
