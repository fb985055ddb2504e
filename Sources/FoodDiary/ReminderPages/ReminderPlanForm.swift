import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// The reminders form as typed: for each kind whether it is on (`on_lunch`), its time
/// (`time_lunch`, as a time input sends it) and, for the weekly ones, its days (`day_digest_1`,
/// 0 = Sunday); the time zone, and quiet hours (both empty for none).
struct ReminderPlanForm: Sendable {
    struct Kind: Sendable {
        let kind: ReminderKind
        var isOn: Bool
        var time: String
        var weekdays: Set<Int>
        var byMail: Bool
    }

    var kinds: [Kind]
    var mailAddress: String
    var timeZone: String
    var quietFrom: String
    var quietUntil: String

    /// As saved, or with every kind off at its usual time in the server's zone.
    init(plan: ReminderPlan?, serverTimeZone: TimeZone) {
        kinds = ReminderKind.allCases.map { kind in
            let reminder = plan?.reminder(kind)
            return Kind(
                kind: kind, isOn: reminder != nil, time: Self.clock(reminder?.minuteOfDay ?? kind.usualMinute),
                weekdays: reminder?.weekdays ?? kind.usualWeekdays, byMail: reminder?.byMail ?? false)
        }
        mailAddress = plan?.mailAddress ?? ""
        timeZone = (plan?.timeZone ?? serverTimeZone).identifier
        quietFrom = plan?.quietHours.map { Self.clock($0.from) } ?? ""
        quietUntil = plan?.quietHours.map { Self.clock($0.until) } ?? ""
    }

    init(fields: FormFields) {
        kinds = ReminderKind.allCases.map { kind in
            let key = kind.rawValue
            return Kind(
                kind: kind, isOn: fields["on_\(key)"] == "on", time: fields["time_\(key)"] ?? "",
                weekdays: kind.hasWeekdays ? Set((0...6).filter { fields["day_\(key)_\($0)"] == "on" }) : Set(0...6),
                byMail: fields["by_mail_\(key)"] == "on")
        }
        mailAddress = TypedText.clean(fields["mail_address"] ?? "")
        timeZone = TypedText.clean(fields["time_zone"] ?? "")
        quietFrom = fields["quiet_from"] ?? ""
        quietUntil = fields["quiet_until"] ?? ""
    }

    /// The plan, or every problem in words.
    func validate(acceptLanguage: String?, now: Date) -> Result<ReminderPlan, ReminderPlanProblems> {
        var problems: [String] = []
        var reminders: [ReminderPlan.Reminder] = []
        for kind in kinds where kind.isOn {
            guard let minute = Self.minute(kind.time) else {
                problems.append(tr("Give “\(kind.kind.name)” a time of day, such as 14:00."))
                continue
            }
            if kind.weekdays.isEmpty {
                problems.append(tr("Pick at least one day for “\(kind.kind.name)”."))
                continue
            }
            reminders.append(.init(kind: kind.kind, minuteOfDay: minute, weekdays: kind.weekdays, byMail: kind.byMail))
        }
        let address = mailAddress.isEmpty ? nil : MailAddress.check(mailAddress)
        if !mailAddress.isEmpty, address == nil {
            problems.append(tr("\(mailAddress) is not a mail address: write one such as sam@example.org."))
        } else if address == nil, reminders.contains(where: \.byMail) {
            problems.append(tr("Give the address mail reminders go to, or send them as notifications."))
        }
        let zone = TimeZone(identifier: timeZone)
        if zone == nil { problems.append(tr("\(timeZone) is not a time zone this server knows: write one such as Europe/Berlin.")) }
        var quiet: (from: Int, until: Int)?
        switch (quietFrom.trimmingCharacters(in: .whitespaces).isEmpty, quietUntil.trimmingCharacters(in: .whitespaces).isEmpty) {
        case (true, true): quiet = nil
        default:
            if let from = Self.minute(quietFrom), let until = Self.minute(quietUntil) {
                quiet = (from, until)
            } else {
                problems.append(tr("Give quiet hours both a start and an end, such as 22:00 and 07:00, or leave both empty."))
            }
        }
        guard problems.isEmpty, let zone else { return .failure(ReminderPlanProblems(messages: problems)) }
        return .success(
            ReminderPlan(
                timeZone: zone, quietHours: quiet, acceptLanguage: acceptLanguage.map { String($0.prefix(200)) }, mailAddress: address,
                reminders: reminders,
                updatedAt: now))
    }

    /// "14:00", "7:30" or "07:30:00", as time inputs and people write it.
    static func minute(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard (2...3).contains(parts.count), parts[0].count <= 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// The value a time input takes: 24-hour, two digits each.
    static func clock(_ minuteOfDay: Int) -> String {
        String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
    }
}

struct ReminderPlanProblems: Error {
    let messages: [String]
}
