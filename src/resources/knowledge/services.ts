/**
 * Services (2.19, 4.12): what the business sells, and the bookable services appointments use
 * (`bookable`, `byName`). Prices are kept in cents and answered as two-decimal strings;
 * `is_virtual` is stored true only while a calendar is connected and Meet invites are on (the
 * caller says whether they are), else false.
 */
import { notFound } from '../../core/errors.js';
import { pageNewestFirst, type Page, type PageRequest } from '../../core/pagination.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import type { BookableServiceData } from '../ai-config/schemas.js';
import { ServiceRecordSchema } from './records.js';
import { UPDATABLE_SERVICE_FIELDS, type CreateService, type PatchService, type ServiceData } from './schemas.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';
import { DEFAULT_APPOINTMENT_MINUTES } from '../shared/booking-duration.js';

export interface ServiceRecord extends Entity {
  readonly name: string;
  readonly price_cents: number;
  readonly price_unit: ServiceData['price_unit'];
  readonly currency: string | null;
  readonly description: string | null;
  readonly duration_minutes: number | null;
  readonly display_order: number;
  readonly category_id: number | null;
  readonly active: boolean;
  readonly is_virtual: boolean;
  readonly image_url: string | null;
  readonly created_at: string;
}

export interface NewService extends Omit<CreateService, 'image_url'> {
  readonly image_url?: string | null;
}

const cents = (price: number): number => Math.round(price * 100);
const priceText = (priceCents: number): string => (priceCents / 100).toFixed(2);

/** Bookable order: display order, then name, then id. */
function byDisplayOrder(a: ServiceRecord, b: ServiceRecord): number {
  return a.display_order - b.display_order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;
}

export function createServices(core: CoreServices) {
  const { store, clock } = core;
  const services = store.define<ServiceRecord>('knowledge_services', {}, { schema: ServiceRecordSchema, sequence: 'knowledge_service' });

  function get(accountId: number, id: number): ServiceRecord {
    const service = services.getOwned(accountId, id);
    if (!service) throw notFound('Service');
    return service;
  }

  function bookable(accountId: number): ServiceRecord[] {
    return [...services.ofAccount(accountId)].filter((service) => service.active).sort(byDisplayOrder);
  }

  return {
    get,
    count: (accountId: number): number => services.idsOfAccount(accountId).length,

    present(service: ServiceRecord): ServiceData {
      return {
        id: service.id,
        name: service.name,
        price: priceText(service.price_cents),
        price_unit: service.price_unit,
        currency: service.currency,
        description: service.description,
        duration_minutes: service.duration_minutes,
        display_order: service.display_order,
        category_id: service.category_id,
        active: service.active,
        is_virtual: service.is_virtual,
        image_url: service.image_url,
        created_at: service.created_at,
      };
    },

    list: (accountId: number, page: PageRequest): Page<ServiceRecord> =>
      pageNewestFirst(services.idsOfAccount(accountId), (id) => services.get(id), page),

    /** Active services in display order: what can be booked. */
    bookable,

    /** The booking section's rows (`booking.bookable_services`). */
    bookableRows(accountId: number): BookableServiceData[] {
      return bookable(accountId).map((service) => ({
        id: service.id,
        name: service.name,
        // The duration a booking of it takes (2.17 "service rows with duration"): a service without
        // one books for section 8's default (audit 16b L1).
        duration_minutes: service.duration_minutes ?? DEFAULT_APPOINTMENT_MINUTES,
        price: priceText(service.price_cents),
        currency: service.currency,
        is_virtual: service.is_virtual,
      }));
    },

    /** A bookable service by name, case-insensitively; the first in display order when names repeat. */
    byName(accountId: number, name: string): ServiceRecord | undefined {
      const wanted = name.trim().toLowerCase();
      return bookable(accountId).find((service) => service.name.trim().toLowerCase() === wanted);
    },

    create(accountId: number, input: NewService, virtualAllowed: boolean): ServiceRecord {
      return services.insert({
        id: store.nextId('knowledge_service'),
        account_id: accountId,
        name: input.name,
        price_cents: cents(input.price),
        price_unit: input.price_unit ?? 'fixed',
        currency: input.currency ?? null,
        description: input.description ?? null,
        duration_minutes: input.duration_minutes ?? null,
        display_order: input.display_order ?? 0,
        category_id: input.category_id ?? null,
        active: input.active ?? true,
        is_virtual: (input.is_virtual ?? false) && virtualAllowed,
        image_url: input.image_url ?? null,
        created_at: clock.iso(),
      });
    },

    update(accountId: number, id: number, patch: PatchService, virtualAllowed: boolean): ServiceRecord {
      const service = get(accountId, id);
      refuseEmptyPatch(patch, UPDATABLE_SERVICE_FIELDS);
      const { price, is_virtual, image_url: _readOnly, ...rest } = patch;
      const changes: Partial<ServiceRecord> = {};
      for (const [name, value] of Object.entries(rest)) if (value !== undefined) (changes as Record<string, unknown>)[name] = value;
      return services.update(service.id, {
        ...changes,
        ...(price !== undefined ? { price_cents: cents(price) } : {}),
        ...(is_virtual !== undefined ? { is_virtual: is_virtual && virtualAllowed } : {}),
      });
    },

    remove(accountId: number, id: number): ServiceRecord {
      const service = get(accountId, id);
      services.remove(service.id);
      return service;
    },
  };
}

export type Services = ReturnType<typeof createServices>;
