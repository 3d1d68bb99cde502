/** Keeps a route's parameter, query and body types while the table stores it erased. */
export function defineRoute(route) {
    return route;
}
//# sourceMappingURL=app.js.map