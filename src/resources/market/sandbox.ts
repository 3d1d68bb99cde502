/**
 * Market intelligence as sandbox state: how the account is connected (the 4.16 gates), its own
 * handle, lookup faults (a refused lookup sets a competitor's status to `error`), and the social
 * world every account shares: list, read, add or edit its accounts, and reseed its numbers.
 *
 * Account powers touch only the calling account's market settings. The world is one for the whole
 * sandbox (an edit changes what every account tracking that handle reads), so reading and editing
 * it, the numbers of an account's own handle included, are operator powers.
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { MarketModel } from './model.js';
import {
  LookupFaultBody,
  MarketState,
  OwnHandleBody,
  SetConnectionBody,
  UsernameParams,
  WorldAccount,
  WorldAccountBody,
  WorldSeed,
  WorldSeedBody,
} from './schemas.js';

const power = powersFor<GroupContext<MarketModel>>();

export const marketPowers = {
  market: {
    state: power.account({
      operationId: 'sandboxMarketState',
      method: 'GET',
      path: '/market',
      summary: 'The account’s market-intelligence state: connection, insights permission, own handle, last refresh, refused lookups',
      output: MarketState,
      run: ({ accountId }, { model }) => model.state(accountId),
    }),
    setConnection: power.account({
      operationId: 'sandboxSetMarketConnection',
      method: 'POST',
      path: '/market/connection',
      summary: 'Connect through the full-permission login (`full`), messaging only (`basic`) or not at all; grant or withdraw the insights permission',
      input: SetConnectionBody,
      inputRequired: true,
      output: MarketState,
      run: ({ accountId, input }, { model }) => model.setConnection(accountId, input),
    }),
    setProfile: power.account({
      operationId: 'sandboxSetMarketProfile',
      method: 'POST',
      path: '/market/profile',
      summary: 'Set the account’s own handle (its numbers are the world’s: `POST /market/world`, operator)',
      input: OwnHandleBody,
      inputRequired: true,
      output: WorldAccount,
      run: ({ accountId, input }, { model }) => model.setOwnProfile(accountId, { username: input.username }),
    }),
    refuseLookups: power.account({
      operationId: 'sandboxMarketLookupFault',
      method: 'POST',
      path: '/market/lookup-faults',
      summary: 'Make this account’s lookups of a handle refused (competitor status `error`), or lift it',
      input: LookupFaultBody,
      inputRequired: true,
      output: MarketState,
      run: ({ accountId, input }, { model }) => model.setLookupFault(accountId, input.username, input.refused),
    }),
    world: power.operator({
      operationId: 'sandboxListWorldAccounts',
      method: 'GET',
      path: '/market/world',
      summary: 'Every account of the social world, with today’s numbers',
      output: z.array(WorldAccount),
      run: (_call, { model }) => model.worldAccounts(),
    }),
    worldAccount: power.operator({
      operationId: 'sandboxGetWorldAccount',
      method: 'GET',
      path: '/market/world/{username}',
      summary: 'One account of the social world, with today’s numbers',
      params: UsernameParams,
      output: WorldAccount,
      run: ({ params }, { model }) => model.worldAccount(params.username),
    }),
    setWorldAccount: power.operator({
      operationId: 'sandboxSetWorldAccount',
      method: 'POST',
      path: '/market/world',
      summary: 'Add an account to the social world, or edit one (fields not sent keep their value)',
      input: WorldAccountBody,
      inputRequired: true,
      output: WorldAccount,
      run: ({ input }, { model }) => model.upsertWorldAccount(input),
    }),
    reseed: power.operator({
      operationId: 'sandboxReseedWorld',
      method: 'POST',
      path: '/market/world/seed',
      summary: 'Draw every generated number of the world from another seed (default `switchboard`)',
      input: WorldSeedBody,
      inputRequired: true,
      output: WorldSeed,
      run: ({ input }, { model }) => model.setWorldSeed(input.seed),
    }),
  },
};
