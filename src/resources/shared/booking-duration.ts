/**
 * Section 8, "Appointment default duration: service duration, else 30 minutes": how long a booking
 * of a service without a duration (or of no service) takes. One constant for the appointments that
 * book with it and the AI configuration's `bookable_services` rows that show it.
 */
export const DEFAULT_APPOINTMENT_MINUTES = 30;
