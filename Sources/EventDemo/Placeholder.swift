/// Placeholder.
public enum EventDemoPlaceholder {}
