/// Placeholder.
public enum TerminalUIPlaceholder {}
