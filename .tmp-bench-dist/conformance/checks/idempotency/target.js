import { walk } from '../helpers.js';
const COLORS = ['#22C55E', '#3B82F6', '#EF4444', '#F59E0B', '#8B5CF6', '#0EA5E9', '#EC4899', '#14B8A6'];
function named(list, name) {
    return list.filter((item) => item['name'] === name && item['revoked'] !== true).length;
}
export async function idempotentCreate(ctx) {
    if (ctx.serves('POST', '/tags') && ctx.serves('GET', '/tags') && ctx.serves('DELETE', '/tags/{id}')) {
        const key = await ctx.scopeKey('write');
        return {
            path: '/tags',
            kind: 'tag',
            key,
            body: (name, variant) => ({ name, color: COLORS[Math.abs(variant) % COLORS.length] }),
            invalidBody: (name) => ({ name, color: 'not-a-colour' }),
            count: async (name, as = key) => {
                const response = await ctx.send({ path: '/tags', key: as });
                const data = response.json?.data;
                return Array.isArray(data) ? named(data, name) : 0;
            },
            deletePath: (id) => `/tags/${id}`,
        };
    }
    if (ctx.serves('POST', '/api-keys') && ctx.serves('GET', '/api-keys') && ctx.serves('DELETE', '/api-keys/{id}')) {
        const key = await ctx.scopeKey('admin');
        return {
            path: '/api-keys',
            kind: 'api-key',
            key,
            body: (name, variant) => ({ name, scope: variant % 2 === 0 ? 'read' : 'write' }),
            invalidBody: (name) => ({ name, scope: 'not-a-scope' }),
            count: async (name, as = key) => named((await walk(ctx, '/api-keys', { key: as, limit: 100 })).items, name),
            deletePath: (id) => `/api-keys/${id}`,
        };
    }
    return ctx.skip('not_served:no_undoable_create');
}
//# sourceMappingURL=target.js.map