// What `verdict help` prints, and what a usage error is followed by.
export const USAGE = `Usage: verdict <command>

  db migrate                          apply pending migrations (SQLite or PostgreSQL per DATABASE_URL)
  db seed [--seed N] [--judgments N] [--if-empty]
                                      fill an empty database with the demo landscape
  users add --email E --role ADMIN|RESEARCHER|GRADER [--name N] [--locales en-US,ja-JP] [--password P]
                                      create a user (a password is generated and printed when omitted)
  import material FILE [--prompt-set NAME]
                                      prompts and model responses (.csv or .jsonl), all or nothing
  import judgments FILE               judgments from other tools (.csv or .jsonl), all or nothing
  report --study NAME [--format csv|json] [--out FILE] [--seed N] [--resamples N]
                                      the study's statistics as one tidy table
  export judgments --study NAME [--out FILE]
                                      every judgment of the study as CSV
  leaderboard [--study NAME]... [--dimension KEY] [--format csv|json] [--out FILE]
              [--resamples N] [--seed N] [--no-style-control] [--slices all|every]
                                      Bradley–Terry ratings of the models of side-by-side studies
                                      (default: every study sharing models with the largest group)
  study create --from FILE.json        create a study (a draft) from a definition naming models and
                                      the prompt set (docs/api.md)
  study status --study NAME [--set RUNNING|PAUSED|COMPLETED]
                                      show a study's progress, or change its status
  plan --study NAME [--target-half-width 0.03] [--power 0.8 --difference 0.05] [--format csv|json] [--out FILE]
  plan --decisive-rate P --tie-rate T --k K [--target-half-width …] [--power … --difference …]
                                      how many more prompts a side-by-side study needs (or a
                                      planned one, from assumed rates), overall and per slice

Against a running server instead of the database (import, report, export, leaderboard, study):
  verdict --server URL --token vd_… <command>    (or VERDICT_SERVER and VERDICT_TOKEN)
`;
