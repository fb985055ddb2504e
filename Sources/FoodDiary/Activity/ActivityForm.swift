import FoodDiaryBase
import FoodDiaryWeb

/// The day page's activity form as typed: an activity from the Compendium's list and its
/// minutes, or one of the person's own with the energy it burned (from a watch, a machine).
struct ActivityForm: Sendable, Equatable {
    var kind = ""
    var minutes = ""
    var name = ""
    /// In the person's energy unit.
    var energy = ""

    init() {}

    init(fields: FormFields) {
        kind = fields["kind"] ?? ""
        minutes = fields["minutes"] ?? ""
        name = fields["name"] ?? ""
        energy = fields["energy"] ?? ""
    }

    var isOwn: Bool { !TypedText.clean(name).isEmpty }

    struct Problems: Error, Equatable {
        var minutes: String?
        var name: String?
        var energy: String?
        var kind: String?
    }

    /// The activity to save, started at `time`; `kilograms` is the person's weight that day,
    /// which a Compendium activity's energy needs.
    func validate(at time: LocalDateTime, utcOffsetMinutes: Int, kilograms: Double?, energyUnit: EnergyUnit) -> Result<
        NewActivity, Problems
    > {
        var problems = Problems()
        var minutesValue: Double?
        if !minutes.trimmingCharacters(in: .whitespaces).isEmpty || !isOwn {
            switch TypedNumber.parse(minutes, in: Activity.minutesAtOnce) {
            case .success(let value): minutesValue = value
            case .failure(let failure):
                problems.minutes = TypedNumber.message(failure, what: tr("how many minutes it lasted"), range: Activity.minutesAtOnce)
            }
        }
        if isOwn {
            let cleaned = TypedText.clean(name)
            if TypedText.length(cleaned) > Activity.maxNameLength {
                problems.name = tr("Keep the name to \(Activity.maxNameLength) characters.")
            }
            let range =
                energyUnit.value(
                    fromKilocalories: Activity.kcalAtOnce.lowerBound)...energyUnit.value(fromKilocalories: Activity.kcalAtOnce.upperBound)
            var kcal = 0.0
            switch TypedNumber.parse(energy, in: range) {
            case .success(let value): kcal = energyUnit.kilocalories(from: value)
            case .failure(let failure):
                problems.energy = TypedNumber.message(
                    failure, what: tr("the energy it burned in \(energyUnit.symbol), as your watch or the machine says"), range: range)
            }
            guard problems == Problems() else { return .failure(problems) }
            return .success(
                NewActivity(
                    name: cleaned, kind: nil, met: nil, startedAt: time, utcOffsetMinutes: utcOffsetMinutes,
                    durationMinutes: minutesValue, activeEnergyKcal: kcal))
        }
        guard let activity = ActivityKind.named(kind) else {
            problems.kind = tr("Pick an activity from the list, or choose “Something else” and name it.")
            return .failure(problems)
        }
        guard let minutesValue, problems == Problems() else { return .failure(problems) }
        guard let kilograms else {
            problems.kind =
                tr(
                    "Its energy depends on your weight: weigh in first (on Today), or choose “Something else” and type the energy your watch gives."
                )
            return .failure(problems)
        }
        return .success(
            NewActivity(activity, minutes: minutesValue, kilograms: kilograms, startedAt: time, utcOffsetMinutes: utcOffsetMinutes))
    }
}
