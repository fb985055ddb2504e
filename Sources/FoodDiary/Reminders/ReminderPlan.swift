import FoodDiaryBase
import Foundation

/// How one person is reminded: which kinds, when in their day, in their time zone, outside their
/// quiet hours. Works out which occasions are due at an instant; nothing here sends or reads a diary.
struct ReminderPlan: Sendable {
    struct Reminder: Sendable, Equatable {
        let kind: ReminderKind
        /// Minutes after the person's midnight.
        var minuteOfDay: Int
        /// 0 = Sunday.
        var weekdays: Set<Int>
        /// By mail to `mailAddress` rather than to the person's devices.
        var byMail = false
    }

    /// One reminder on one of the person's days: handled once, whatever restarts come between.
    struct Occasion: Sendable, Equatable {
        let kind: ReminderKind
        let date: LocalDate
        let dueAt: Date
    }

    var timeZone: TimeZone
    /// Minutes of the day nothing is sent from and until (may wrap past midnight); nil for none.
    var quietHours: (from: Int, until: Int)?
    /// The browser's Accept-Language when the person last saved: their numbers and dates.
    var acceptLanguage: String?
    /// Where mail reminders and the test mail go; nil when the person gave none.
    var mailAddress: String?
    var reminders: [Reminder]
    /// When the plan was last saved: an occasion due before it was not asked for.
    var updatedAt: Date

    func reminder(_ kind: ReminderKind) -> Reminder? { reminders.first { $0.kind == kind } }

    /// The occasions due by `now` and not too late to send, unless `now` is in the quiet hours:
    /// those wait for the hours to end, if they are still worth sending then.
    func occasionsDue(at now: Date) -> [Occasion] {
        let local = LocalDateTime(now, in: timeZone)
        if isQuiet(minuteOfDay: TimeOfDay.minutes(local)) { return [] }
        return reminders.flatMap { reminder in
            [local.date.previous, local.date].compactMap { date -> Occasion? in
                guard reminder.weekdays.contains(date.weekdayIndex),
                    let due = LocalDateTime(date: date, hour: reminder.minuteOfDay / 60, minute: reminder.minuteOfDay % 60)
                else { return nil }
                let dueAt = due.instant(utcOffsetMinutes: due.utcOffsetMinutes(in: timeZone))
                guard dueAt <= now, dueAt >= updatedAt, now.timeIntervalSince(dueAt) <= reminder.kind.lateness else { return nil }
                return Occasion(kind: reminder.kind, date: date, dueAt: dueAt)
            }
        }
    }

    func isQuiet(minuteOfDay minute: Int) -> Bool {
        guard let (from, until) = quietHours, from != until else { return false }
        return from < until ? (from..<until).contains(minute) : minute >= from || minute < until
    }
}
