/**
 * The booking module's front door (issue 27, DESIGN.md §8): the commands and queries that routes,
 * the API, workers and tests call. Nothing outside app/booking imports another file of the module
 * except the pure rules under `rules/` (eslint.config.js keeps the walls). Behind it: `rules/`
 * (pure, browser-safe), the store and the commands.
 */

export { type BookingEvent, type BookingFilter, type BookingRecord, checkBookingQuery, countBookings, exportBatches, type ExportRow, getBooking, LIST_COUNT_AHEAD, listBookingEvents, listBookings, parseBookingQuery } from "./lists.server";
export { changeBookingStatus, DELETE_HAS_PAYMENTS, deleteBooking, STATUS_REFUSALS, UNKNOWN_STATUS } from "./status.server";
export { assignLeg, type AssignRefusal, type AssignResult, jobLinkOf, jobToken, type LegAssignment, legOfJobToken, legSpan } from "./assignments.server";
export { dutyIssues, type DutyIssue } from "./duty.server";
export { clearOldPositions, DECLINE_REASON_MAX, declineJob, type DeclineResult, isJobStep, JOB_STEPS, type JobStep, jobPositionConsent, legStepsOf, type LegStepView, type PositionRefusal, readJobLocation, recordJobStep, setJobPositionConsent, unacceptedJobs } from "./job-steps.server";
export { bufferMinutesOf, legsNear, readBufferMinutes } from "./availability.server";
export { bookingLinkToken, deriveLinkToken, newLinkNonce, privateBookingUrl, privatePagePath } from "./booking-link.server";
export { type BookingTermsText, type LeadTime, leadTimeOf, readLeadTime, termsIn } from "./booking-rules.server";
export { bookingStartsAtAirport, type BookingDeps, type BookingMeta, type BookingPartner, type BookingRequest, findBookingByToken, readDistanceDetails, updateBooking } from "./bookings.server";
export { createBooking, type OfficeBooking, previewOfficeBooking } from "./create.server";
export { anonymiseStaleCustomers, type CustomerBooking, type CustomerDetail, type CustomerPage, type CustomerRow, type CustomerUpdate, eraseCustomer, exportCustomer, getCustomer, guestNotesFor, linkUnmatchedBookings, listCustomers, updateCustomer } from "./customers.server";
export { loadDispatchDay } from "./dispatch.server";
export { suggestForLeg, type LegSuggestions, type LeftOut, type SuggestedCar } from "./suggestions.server";
export { type EventHints, type EventsOutcome, eventsCommitted, type FlightEvent, onEventsCommitted, type OutboxEvent, readBookingEvent } from "./events.server";
export { recordFlightChange } from "./flights.server";
export { acknowledgeGuestChange, guestCancel, guestChangeDetails, guestChangeTimes, guestManageView, previewView } from "./guest-changes.server";
export { carForLeg, carLine, type DriverCar, meetingPoint } from "./leg-car.server";
export { legFactsOf, type LifecycleActor, officeActor, releasedJobOf, type TrackedFlightFacts } from "./lifecycle.server";
export { acceptOffer, type AcceptResult, closeQuoteRequest, countOpenQuoteRequests, getQuoteRequest, listQuoteRequests, offerByToken, offerQuote, type OfferResult, type OfferView, QUOTE_PAGE_SIZE, type QuoteDeps, type QuoteOffer, type QuoteRequestPage, type QuoteTeller, readOffer, readReasons, requestQuote } from "./quote-requests.server";
export { type CashClosingView, type CashCollection, type CashLeg, cashDay, closeCashDay, type CloseResult, type CollectionInput, type CollectionResult, type DriverCashDay, legCollections, recordDriverCollection } from "./cash.server";
export { type AmountDue, amountDueOf, arrivalTermsOf, bookingMoney, type BookingMoney, bookingReceipt, bookingReceipts, paymentReceipt, paymentsIssuedBetween, type PaymentInput, type PaymentNotify, type PaymentResult, rateFor, recordPayment } from "./payments.server";
export { priceTrip, type Quote, quotesForTrip, searchSpans } from "./quotes.server";
export { type PartnerPrice, partnerPrices, type QuotedForPartner } from "./partner-prices.server";
export { type BookingCar, bookingCarsOf, furtherCarsOf, unitsOf } from "./groups.server";
export { bookingCheckouts, CHECKOUT_MINUTES, type CheckoutDeps, dueOnline, isHeld, paymentActor, releaseHolds, settleCheckout, type SettleOutcome, startCheckout, type StartOutcome } from "./checkout.server";
export { depositOf, payModesFor, payNowOf, refundByPolicy } from "./rules/pay-terms";
export { type Canceller, refundableOnline, refundOnCancel, type RefundOutcome, refundToCard } from "./refunds.server";
export { checkSearch } from "./search-check.server";
export { planTextSearch } from "./search-index.server";
export { tripRequestFromSearch } from "./search-trip";
export { bookingProductRows } from "./store/bookings.server";
export { markLegSeen } from "./store/legs.server";
export { activeCarsBookedBetween, assignedDriversOf, assignedLegsOf, bookingCountsByCar, bookingRowById, countBookingsByChannel, bookingsMatchingText, bookingsWithPickupBetween, countBookingsByStatus, countBookingsCreated, countCarBookings, countHistoryEvents, driverHasLegs, driverLegsBetween, fieldChangesAfter, driverOnLeg, flightPickupsToWatch, legFieldsOf, messagingConsentOf, popularCarRows, recentBookingRows, revenueCreatedBetween } from "./store/reads.server";
export { type LocationField, type LocationInput, parsePlaceId, planTrip, resolveLocation, startsAtAirport, type Trip } from "./trip.server";
export { bookingTotalsByPartner, type PartnerBookingTotals, partnerMonthBookings, partnerPickupsBetween } from "./store/partner-statements.server";
export { bookingGroupsBetween, type BookingGroupRow, driverLegGroupsBetween, type DriverLegRow, furtherCarGroupsBetween, type FurtherCarRow, partyLegGroupsBetween } from "./store/reports.server";
