/**
 * Tests never look a name up (issue 11, finding 12): loaded into every test worker (vitest
 * setupFiles) and every process the tests spawn (`node --import`), it makes `dns.lookup` refuse
 * any name but `localhost`, so a test that would resolve a name fails instead of leaking a query.
 * Sockets to an IP address need no lookup and are not affected.
 */
import dns from 'node:dns';
import net from 'node:net';

/** Every refused name, for the after-hook in the vitest setup file. */
export const refusedLookups = [];

const allowed = (hostname) => hostname === 'localhost' || net.isIP(hostname) !== 0;

function refusal(hostname) {
  refusedLookups.push(hostname);
  return Object.assign(new Error(`test guard: DNS lookup of "${hostname}" refused; tests use 127.0.0.1 or reserved names, never resolved`), {
    code: 'ENOTFOUND',
    hostname,
  });
}

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, options, callback) {
  if (allowed(hostname)) return lookup.call(this, hostname, options, callback);
  const done = typeof options === 'function' ? options : callback;
  process.nextTick(() => done(refusal(hostname)));
  return {};
};

const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function guardedLookupPromise(hostname, options) {
  if (allowed(hostname)) return lookupPromise.call(this, hostname, options);
  return Promise.reject(refusal(hostname));
};
