/// The version a backup's manifest records, and `fooddiary --version` prints.
public enum AppVersion {
    public static let current = "0.18.0"
}
