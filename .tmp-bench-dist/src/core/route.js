export const ok = (data, status = 200, headers) => headers ? { status, body: { data }, headers } : { status, body: { data } };
export const created = (data) => ({ status: 201, body: { data } });
export const listResult = (page) => ({
    status: 200,
    body: { data: page.data, has_more: page.has_more, next_cursor: page.next_cursor },
});
//# sourceMappingURL=route.js.map