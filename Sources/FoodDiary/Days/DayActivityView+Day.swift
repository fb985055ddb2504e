import FoodDiaryBase

/// The activity part of a day's page, from what the day's read gathered; with a form sent back,
/// what was typed and what is wrong with it.
extension DayActivityView {
    init(
        day: DayQueries.Day, isToday: Bool, csrfToken: String, form: ActivityForm = ActivityForm(), problems: ActivityForm.Problems? = nil,
        stepsTyped: String? = nil, stepsProblem: String? = nil
    ) {
        let eaten = day.totals.value(.energyKcal, default: 0), burned = day.activeKcal
        let energy = NutrientKind.energyKcal
        self.csrfToken = csrfToken
        self.day = day.date.description
        eatenText = energy.format(eaten)
        burnedText = energy.format(burned)
        netText = energy.format(eaten - burned)
        if day.bodySettings.exerciseAddsToGoal, let goal = day.goals[.energyKcal], burned > 0 {
            let (sum, set, exercise) = (energy.format(goal + burned), energy.format(goal), energy.format(burned))
            goalNote =
                isToday
                ? tr("Energy goal today: \(sum) (\(set) + \(exercise) of exercise).")
                : tr("Energy goal this day: \(sum) (\(set) + \(exercise) of exercise).")
        } else {
            goalNote = nil
        }
        deviceText = day.deviceActiveKcal.map {
            let moved = energy.format($0)
            return isToday
                ? tr(
                    "Your phone or watch measured \(moved) of movement above rest today: all of it, not only exercise, so goals leave it alone."
                )
                : tr(
                    "Your phone or watch measured \(moved) of movement above rest this day: all of it, not only exercise, so goals leave it alone."
                )
        }
        stepsText = day.steps.map(NumberText.grouped)
        stepsValue = stepsTyped ?? day.typedSteps.map(String.init) ?? ""
        stepsError = stepsProblem
        usual = day.usualActivities.map { activity in
            let minutes = activity.durationMinutes.map { NumberText.plain($0.rounded()) }
            let own = activity.kind == nil
            let energyShown = NumberText.plain(EnergyUnit.shown.value(fromKilocalories: activity.activeEnergyKcal).rounded())
            let amount = own ? energy.format(activity.activeEnergyKcal) : tr("\(minutes ?? "") min")
            // The name without its speeds: "Cycling, moderate", so the button fits a phone.
            let name = own ? activity.name : tr(known: activity.name, context: "activity")
            let short = name.components(separatedBy: " (").first ?? name
            return Usual(
                buttonText: "+ \(short) · \(amount)", kind: own ? nil : activity.kind, ownName: own ? activity.name : nil,
                minutesValue: minutes, energyValue: own ? energyShown : nil)
        }
        hasUsual = !usual.isEmpty
        groups = form.kind.isEmpty ? Self.listed : Self.groups(chosen: form.kind)
        minutesValue = form.isOwn ? "" : form.minutes
        kindError = problems?.kind
        minutesError = form.isOwn ? nil : problems?.minutes
        ownName = form.isOwn ? form.name : ""
        energyValue = form.energy
        energyUnit = EnergyUnit.shown.symbol
        nameError = problems?.name
        energyError = problems?.energy ?? (form.isOwn ? problems?.minutes : nil)
        ownOpen = form.isOwn && problems != nil
        activities = day.activities.map { activity in
            let minutes =
                activity.durationMinutes.map { tr("\(NumberText.decimal($0, maxFractionDigits: 0, grouping: true)) min · ") } ?? ""
            return Row(
                name: activity.kind == nil ? activity.name : tr(known: activity.name, context: "activity"),
                detailText: minutes + energy.format(activity.activeEnergyKcal), timeText: activity.startedAt.clockText,
                deleteURL: "/activities/\(activity.id)/delete")
        }
        hasActivities = !activities.isEmpty
    }

    /// The Compendium's activities by group, none chosen, in the request's language: every day
    /// page lists them, so once for each language.
    static var listed: [Group] { listedByLanguage.value(RequestConventions.current.language.code) { groups(chosen: "") } }
    private static let listedByLanguage = ServerMemo<String, [Group]>(most: 16)

    static func groups(chosen: String) -> [Group] {
        var groups: [Group] = []
        for kind in ActivityKind.all {
            let option = Option(key: kind.key, label: tr(known: kind.name, context: "activity"), selected: kind.key == chosen)
            let group = tr(known: kind.group, context: "activity group")
            if groups.last?.label == group {
                groups[groups.count - 1] = Group(label: group, options: groups[groups.count - 1].options + [option])
            } else {
                groups.append(Group(label: group, options: [option]))
            }
        }
        return groups
    }
}
