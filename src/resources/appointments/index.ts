/** Appointments and availability (2.8, 2.9, 3.2, 4.6): booking rules, time zones, the 3.2 machine. */
import { appointmentPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { aiConfigGroup } from '../ai-config/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { flowsGroup } from '../flows/index.js';
import { knowledgeGroup } from '../knowledge/index.js';
import { sendingGroup } from '../sending/index.js';
import { appointmentEvents } from './events.js';
import { createAppointmentsModel } from './model.js';
import { appointmentMutants } from './mutants.js';
import { appointmentRoutes } from './routes.js';
import { appointmentPowers } from './sandbox.js';
import { appointmentSeed } from './seed.js';

export const appointmentsGroup = defineGroup({
  name: 'appointments',
  description: 'Appointments and availability (2.8, 2.9, 3.2, 4.6): slots, time zones, booking, cancel and reschedule.',
  needs: [aiConfigGroup, knowledgeGroup, conversationsGroup, contactsGroup, flowsGroup, sendingGroup],
  model: ({ core, needs }) => createAppointmentsModel(core, needs),
  listen: ({ model, needs, on }) => {
    // 4.7: a flow's book_appointment node may name what this group books: the knowledge base's
    // active services (live.services), the list `booking.bookable_services` shows too.
    on.flows.references.add((accountId) => ({
      services: needs.knowledge.services.bookableRows(accountId).map(({ id, name, duration_minutes }) => ({ id, name, duration_minutes })),
    }));
    // Erasure (4.2, 4.4): the only way an appointment is ever removed.
    on.conversations.conversationDeleted.add((accountId, conversationId) => model.eraseConversation(accountId, conversationId));
    on.contacts.contactDeleted.add((accountId, contactId) => model.eraseContact(accountId, contactId));
  },
  routes: appointmentRoutes,
  events: appointmentEvents,
  sandbox: appointmentPowers,
  seed: appointmentSeed,
  pull: appointmentPull,
  mutants: appointmentMutants,
});
