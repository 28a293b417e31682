export function QuizRoute() {
  return (
    <main>
      <h1>Quiz</h1>
    </main>
  );
}
